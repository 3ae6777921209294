// The support query a visitor sends from the Contact page (stream `query-{id}`).
export * from './query.commands';
export * from './query.decider';
export * from './query.events';
