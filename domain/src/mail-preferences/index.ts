// Which mails a customer agreed to get (stream `mail-preferences-{userId}`).
export * from './mail-preferences.decider';
export * from './mail-preferences.events';
