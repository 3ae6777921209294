// The account aggregate (stream `user-{id}`) and the e-mail reservation that keeps e-mails unique.
export * from './account.commands';
export * from './account.decider';
export * from './account.events';
export * from './email-reservation.commands';
export * from './email-reservation.decider';
export * from './email-reservation.events';
