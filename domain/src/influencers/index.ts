// The influencer module's edge: the ledger and its programme terms, the influencer's support
// query, and the e-mail / referral-code reservations.

export * from './attribution-email';
export * from './influencer-ledger.commands';
export * from './influencer-ledger.decider';
export * from './influencer-ledger.events';
export * from './influencer-query.commands';
export * from './influencer-query.decider';
export * from './influencer-query.events';
export * from './influencer-reservation.commands';
export * from './influencer-reservation.decider';
export * from './influencer-reservation.events';
export * from './payment-details';
export * from './referral-clicks';
export * from './referral-programme';
export * from './referral-rewards.workflow';
export * from './reward-rules';
