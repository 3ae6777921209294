import { z } from 'zod';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, personal, type StoredEventOf } from '../core/event-catalogue';
import { PAYOUT_METHODS, type PayoutMethod } from './payment-details';

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

/**
 * A user registered through this influencer's link; `at` is the registration's decision time.
 * `personKey` is a hash of the user's attribution e-mail (attribution-email.ts), computed in the
 * api, so the ledger can tell two accounts of one person apart without holding their address;
 * null on referrals recorded before it existed.
 */
export type ReferralRegistered = DomainEvent<
  'ReferralRegistered',
  { influencerId: string; userId: string; at: string; personKey: string | null }
>;

/** Why a referral was flagged for the admin (one person, one reward). */
export const REFERRAL_FLAG_REASONS = [
  'own_address',
  'same_person',
  'same_payment_instrument',
] as const;
export type ReferralFlagReason = (typeof REFERRAL_FLAG_REASONS)[number];

/**
 * A referral the programme does not trust: the influencer's own address or one of its aliases
 * (not recorded as a referral, earns nothing), a second account of a person already referred
 * (likewise), or an account paying with an instrument another referred account used (recorded,
 * shown to the admin before a payout is approved). `relatedUserId`: the other account, if any.
 */
export type ReferralFlagged = DomainEvent<
  'ReferralFlagged',
  {
    influencerId: string;
    userId: string;
    reason: ReferralFlagReason;
    relatedUserId: string | null;
    at: string;
  }
>;

/**
 * The first-review reward (reward-rules.ts), earned when the review is paid. `instrument` (here
 * and on CommissionPending): the fingerprint of the card or UPI id that paid the order
 * (PaymentVerified.instrument), kept so a later referred account paying with it is flagged;
 * absent when the provider did not tell it, and on events recorded before it was kept.
 */
export type ReferralRewardCredited = DomainEvent<
  'ReferralRewardCredited',
  { influencerId: string; userId: string; orderId: string; amount: number; instrument?: string }
>;
/**
 * The rewarding order was refunded: `amount` leaves the balance in full, even when that takes
 * the balance below zero (a debt, netted from the next payout). `shortfall` is kept for events
 * recorded by earlier versions, which capped a clawback at the balance; it is 0 from now on.
 */
export type ReferralRewardClawedBack = DomainEvent<
  'ReferralRewardClawedBack',
  { influencerId: string; userId: string; orderId: string; amount: number; shortfall: number }
>;

/**
 * The per-order commission of a referred user's paid from-scratch or rewrite order. It is
 * pending (not in the balance) while the order can still be refunded, and earned when the order
 * is completed.
 */
export type CommissionPending = DomainEvent<
  'CommissionPending',
  {
    influencerId: string;
    userId: string;
    orderId: string;
    service: string;
    amount: number;
    instrument?: string;
  }
>;
export type CommissionEarned = DomainEvent<
  'CommissionEarned',
  { influencerId: string; userId: string; orderId: string; amount: number }
>;
/** A pending commission whose order was refunded: it never reached the balance. */
export type CommissionCancelled = DomainEvent<
  'CommissionCancelled',
  { influencerId: string; userId: string; orderId: string; amount: number }
>;
/** An earned commission whose order was refunded after all: it leaves the balance in full. */
export type CommissionClawedBack = DomainEvent<
  'CommissionClawedBack',
  { influencerId: string; userId: string; orderId: string; amount: number }
>;

/**
 * Holds the whole balance until the payout is paid (kept) or rejected (returned). Paid to a bank
 * account (`accountNumber`, `ifsc`) or a UPI id, as `method` says.
 */
export type PayoutRequested = DomainEvent<
  'PayoutRequested',
  {
    influencerId: string;
    payoutId: string;
    amount: number;
    method: PayoutMethod;
    payeeName: string;
    mobile: string;
    bankName: string;
    accountNumber: string;
    ifsc: string;
    upiId: string;
  }
>;
/**
 * `amount` is what will be paid: the held amount net of the influencer's debt at approval;
 * `netted` is the part of the held amount that went to pay the debt.
 */
export type PayoutApproved = DomainEvent<
  'PayoutApproved',
  { influencerId: string; payoutId: string; amount: number; netted: number }
>;
/** `txnId`: the bank's transfer reference (UTR). */
export type PayoutPaid = DomainEvent<
  'PayoutPaid',
  { influencerId: string; payoutId: string; txnId: string | null }
>;
/** `amount` is what returns to the balance; `reason` is shown to the influencer. */
export type PayoutRejected = DomainEvent<
  'PayoutRejected',
  { influencerId: string; payoutId: string; amount: number; reason: string }
>;

export type InfluencerLedgerEvent =
  | InfluencerCreated
  | InfluencerPasswordChanged
  | InfluencerRemoved
  | ReferralRegistered
  | ReferralFlagged
  | ReferralRewardCredited
  | ReferralRewardClawedBack
  | CommissionPending
  | CommissionEarned
  | CommissionCancelled
  | CommissionClawedBack
  | PayoutRequested
  | PayoutApproved
  | PayoutPaid
  | PayoutRejected;

const influencerId = z.string().min(1);
const userId = z.string().min(1);
const orderId = z.string().min(1);
const payoutId = z.string().min(1);
const amount = z.number();
const instrument = z.string().optional();

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
  ReferralRegistered: z.object({
    influencerId,
    userId,
    at: z.string(),
    personKey: z.string().nullable().default(null),
  }),
  ReferralFlagged: z.object({
    influencerId,
    userId,
    reason: z.enum(REFERRAL_FLAG_REASONS),
    relatedUserId: z.string().nullable(),
    at: z.string(),
  }),
  // Not personal: a keyed HMAC whose key is outside the store (payment.events.ts).
  ReferralRewardCredited: z.object({ influencerId, userId, orderId, amount, instrument }),
  ReferralRewardClawedBack: z.object({ influencerId, userId, orderId, amount, shortfall: amount }),
  CommissionPending: z.object({
    influencerId,
    userId,
    orderId,
    service: z.string(),
    amount,
    instrument,
  }),
  CommissionEarned: z.object({ influencerId, userId, orderId, amount }),
  CommissionCancelled: z.object({ influencerId, userId, orderId, amount }),
  CommissionClawedBack: z.object({ influencerId, userId, orderId, amount }),
  PayoutRequested: z.object({
    influencerId,
    payoutId,
    amount,
    // Requests recorded before bank accounts were accepted were all UPI requests.
    method: z.enum(PAYOUT_METHODS).default('upi'),
    payeeName: personal(z.string()),
    mobile: personal(z.string()),
    bankName: personal(z.string()),
    accountNumber: personal(z.string()).default(''),
    ifsc: personal(z.string()).default(''),
    upiId: personal(z.string()),
  }),
  // Null on approvals recorded before netting: those paid the held amount.
  PayoutApproved: z.object({
    influencerId,
    payoutId,
    amount: amount.nullable().default(null),
    netted: amount.default(0),
  }),
  PayoutPaid: z.object({ influencerId, payoutId, txnId: z.string().nullable() }),
  PayoutRejected: z.object({ influencerId, payoutId, amount, reason: z.string().default('') }),
});

export type StoredInfluencerLedgerEvent = StoredEventOf<typeof influencerLedgerEvents>;

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What an admin sets from the payouts list (SPEC §4). */
export const ADMIN_PAYOUT_STATUSES = ['approved', 'paid', 'rejected'] as const;
export type AdminPayoutStatus = (typeof ADMIN_PAYOUT_STATUSES)[number];

export const influencerStreamName = (influencerId: string): string => `influencer-${influencerId}`;
