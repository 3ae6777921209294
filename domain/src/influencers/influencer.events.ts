import type { DomainEvent } from '../core/decider';

/**
 * The influencer ledger, stream `influencer-{influencerId}` (ARCHITECTURE.md). Every event names
 * its influencer so a read model never has to parse stream names. Amounts are whole rupees.
 * Names, e-mails, password hashes and payee details are personal fields (personal-fields.ts).
 */

export type InfluencerCreated = DomainEvent<
  'InfluencerCreated',
  { influencerId: string; name: string; email: string; referralCode: string; passwordHash: string }
>;
export type InfluencerPasswordChanged = DomainEvent<
  'InfluencerPasswordChanged',
  { influencerId: string; passwordHash: string }
>;
export type InfluencerRemoved = DomainEvent<'InfluencerRemoved', { influencerId: string }>;

/** A user registered through this influencer's link; `at` is the registration's decision time. */
export type ReferralRegistered = DomainEvent<
  'ReferralRegistered',
  { influencerId: string; userId: string; at: string }
>;
export type ReferralRewardCredited = DomainEvent<
  'ReferralRewardCredited',
  { influencerId: string; userId: string; orderId: string; amount: number }
>;
/**
 * The rewarding order was refunded. `amount` is what left the balance; `shortfall` is the part of
 * the reward that could not be taken back because the balance was already held by, or paid in, a
 * payout (the balance never goes below zero). The shortfall is recorded, not carried as a debt.
 */
export type ReferralRewardClawedBack = DomainEvent<
  'ReferralRewardClawedBack',
  { influencerId: string; userId: string; orderId: string; amount: number; shortfall: number }
>;

/** Holds the whole balance until the payout is paid (kept) or rejected (returned). */
export type PayoutRequested = DomainEvent<
  'PayoutRequested',
  {
    influencerId: string;
    payoutId: string;
    amount: number;
    payeeName: string;
    mobile: string;
    bankName: string;
    upiId: string;
  }
>;
export type PayoutApproved = DomainEvent<
  'PayoutApproved',
  { influencerId: string; payoutId: string }
>;
export type PayoutPaid = DomainEvent<
  'PayoutPaid',
  { influencerId: string; payoutId: string; txnId: string | null }
>;
/** `amount` is what returns to the balance. */
export type PayoutRejected = DomainEvent<
  'PayoutRejected',
  { influencerId: string; payoutId: string; amount: number }
>;

export type InfluencerLedgerEvent =
  | InfluencerCreated
  | InfluencerPasswordChanged
  | InfluencerRemoved
  | ReferralRegistered
  | ReferralRewardCredited
  | ReferralRewardClawedBack
  | PayoutRequested
  | PayoutApproved
  | PayoutPaid
  | PayoutRejected;

export const INFLUENCER_LEDGER_EVENT_TYPES = [
  'InfluencerCreated',
  'InfluencerPasswordChanged',
  'InfluencerRemoved',
  'ReferralRegistered',
  'ReferralRewardCredited',
  'ReferralRewardClawedBack',
  'PayoutRequested',
  'PayoutApproved',
  'PayoutPaid',
  'PayoutRejected',
] as const satisfies readonly InfluencerLedgerEvent['type'][];

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What an admin sets from the payouts list (SPEC §4). */
export const ADMIN_PAYOUT_STATUSES = ['approved', 'paid', 'rejected'] as const;
export type AdminPayoutStatus = (typeof ADMIN_PAYOUT_STATUSES)[number];

export const influencerStreamName = (influencerId: string): string => `influencer-${influencerId}`;
