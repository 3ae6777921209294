import { z } from 'zod';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, personal, type StoredEventOf } from '../core/event-catalogue';

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

const influencerId = z.string().min(1);
const userId = z.string().min(1);
const orderId = z.string().min(1);
const payoutId = z.string().min(1);
const amount = z.number();

/** The ledger's events as they read back from the store (event-catalogue.ts). */
export const influencerLedgerEvents = eventCatalogue<InfluencerLedgerEvent>()({
  InfluencerCreated: z.object({
    influencerId,
    name: personal(z.string()),
    email: personal(z.string()),
    referralCode: z.string(),
    passwordHash: personal(z.string()),
  }),
  InfluencerPasswordChanged: z.object({ influencerId, passwordHash: personal(z.string()) }),
  InfluencerRemoved: z.object({ influencerId }),
  ReferralRegistered: z.object({ influencerId, userId, at: z.string() }),
  ReferralRewardCredited: z.object({ influencerId, userId, orderId, amount }),
  ReferralRewardClawedBack: z.object({ influencerId, userId, orderId, amount, shortfall: amount }),
  PayoutRequested: z.object({
    influencerId,
    payoutId,
    amount,
    payeeName: personal(z.string()),
    mobile: personal(z.string()),
    bankName: personal(z.string()),
    upiId: personal(z.string()),
  }),
  PayoutApproved: z.object({ influencerId, payoutId }),
  PayoutPaid: z.object({ influencerId, payoutId, txnId: z.string().nullable() }),
  PayoutRejected: z.object({ influencerId, payoutId, amount }),
});

export type StoredInfluencerLedgerEvent = StoredEventOf<typeof influencerLedgerEvents>;

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What an admin sets from the payouts list (SPEC §4). */
export const ADMIN_PAYOUT_STATUSES = ['approved', 'paid', 'rejected'] as const;
export type AdminPayoutStatus = (typeof ADMIN_PAYOUT_STATUSES)[number];

export const influencerStreamName = (influencerId: string): string => `influencer-${influencerId}`;
