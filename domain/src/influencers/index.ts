// The influencer module's edge: the ledger, its programme terms, the support query and the
// e-mail / referral-code reservations. (The package index re-exports it once the lead adds
// `export * from './influencers';` to domain/src/index.ts.)
export * from './influencer.events';
export * from './influencer-ledger.commands';
export * from './influencer-ledger.decider';
export * from './influencer-query.decider';
export * from './influencer-reservation.decider';
export * from './referral-programme';
