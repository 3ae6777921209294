import { z } from 'zod';
import {
  type EventOf,
  eventCatalogue,
  nullBefore,
  personal,
  type StoredEventOf,
} from '../core/event-catalogue';
import { PAYOUT_METHODS } from './payment-details';

/**
 * The influencer ledger, stream `influencer-{influencerId}` (ARCHITECTURE.md). Every event names
 * its influencer so a read model never has to parse stream names. Amounts are whole rupees.
 * Names, e-mails, password hashes and payee details are personal fields (personal-fields.ts).
 */

/** Why a referral was flagged for the admin (one person, one reward). */
export const REFERRAL_FLAG_REASONS = [
  'own_address',
  'same_person',
  'same_payment_instrument',
] as const;
export type ReferralFlagReason = (typeof REFERRAL_FLAG_REASONS)[number];

const influencerId = z.string().min(1);
const userId = z.string().min(1);
const orderId = z.string().min(1);
const payoutId = z.string().min(1);
const amount = z.number();
// Not personal: a keyed HMAC whose key is outside the store (payment.events.ts).
const instrument = z.string().optional();

/**
 * The ledger's events: the only declaration of them (types inferred below, event-catalogue.ts
 * `EventOf`). A field with a `.default()` reads its default on events recorded before it
 * existed; the inferred (decided) type is the parsed one, so `decide` must always write it.
 */
export const influencerLedgerEvents = eventCatalogue({
  InfluencerCreated: z.object({
    influencerId,
    name: personal(z.string()),
    email: personal(z.string()),
    referralCode: z.string(),
    passwordHash: personal(z.string()),
  }),
  InfluencerPasswordChanged: z.object({ influencerId, passwordHash: personal(z.string()) }),
  InfluencerRemoved: z.object({ influencerId }),
  /**
   * A user registered through this influencer's link; `at` is the registration's decision time.
   * `personKey` is a hash of the user's attribution e-mail (attribution-email.ts), computed in the
   * api, so the ledger can tell two accounts of one person apart without holding their address;
   * null on referrals recorded before it existed.
   */
  ReferralRegistered: z.object({
    influencerId,
    userId,
    at: z.string(),
    personKey: z.string().nullable().default(null),
  }),
  /**
   * A referral the programme does not trust: the influencer's own address or one of its aliases
   * (not recorded as a referral, earns nothing), a second account of a person already referred
   * (likewise), or an account paying with an instrument another referred account used (recorded,
   * shown to the admin before a payout is approved). `relatedUserId`: the other account, if any.
   */
  ReferralFlagged: z.object({
    influencerId,
    userId,
    reason: z.enum(REFERRAL_FLAG_REASONS),
    relatedUserId: z.string().nullable(),
    at: z.string(),
  }),
  /**
   * The first-review reward (reward-rules.ts), earned when the review is paid. `instrument` (here
   * and on CommissionPending): the fingerprint of the card or UPI id that paid the order
   * (PaymentVerified.instrument), kept so a later referred account paying with it is flagged;
   * absent when the provider did not tell it, and on events recorded before it was kept.
   */
  ReferralRewardCredited: z.object({ influencerId, userId, orderId, amount, instrument }),
  /**
   * The rewarding order was refunded: `amount` leaves the balance in full, even when that takes
   * the balance below zero (a debt, netted from the next payout). `shortfall` is kept for events
   * recorded by earlier versions, which capped a clawback at the balance; it is 0 from now on.
   */
  ReferralRewardClawedBack: z.object({ influencerId, userId, orderId, amount, shortfall: amount }),
  /**
   * The per-order commission of a referred user's paid from-scratch or rewrite order. It is
   * pending (not in the balance) while the order can still be refunded, and earned when the
   * order is completed.
   */
  CommissionPending: z.object({
    influencerId,
    userId,
    orderId,
    service: z.string(),
    amount,
    instrument,
  }),
  CommissionEarned: z.object({ influencerId, userId, orderId, amount }),
  /** A pending commission whose order was refunded: it never reached the balance. */
  CommissionCancelled: z.object({ influencerId, userId, orderId, amount }),
  /** An earned commission whose order was refunded after all: it leaves the balance in full. */
  CommissionClawedBack: z.object({ influencerId, userId, orderId, amount }),
  /**
   * Holds the whole balance until the payout is paid (kept) or rejected (returned). Paid to a
   * bank account (`accountNumber`, `ifsc`) or a UPI id, as `method` says.
   */
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
  /**
   * `amount` is what will be paid: the held amount net of the influencer's debt at approval;
   * `netted` is the part of the held amount that went to pay the debt. Approvals recorded
   * before netting carry neither: `amount` reads null (they paid the held amount) and `netted`
   * 0; `decide` always writes both.
   */
  PayoutApproved: z.object({
    influencerId,
    payoutId,
    amount: nullBefore(amount),
    netted: amount.default(0),
  }),
  /** `txnId`: the bank's transfer reference (UTR). */
  PayoutPaid: z.object({ influencerId, payoutId, txnId: z.string().nullable() }),
  /** `amount` is what returns to the balance; `reason` is shown to the influencer. */
  PayoutRejected: z.object({ influencerId, payoutId, amount, reason: z.string().default('') }),
});

type LedgerEventOf<Type extends string> = EventOf<typeof influencerLedgerEvents, Type>;
export type InfluencerLedgerEvent = EventOf<typeof influencerLedgerEvents>;
export type InfluencerCreated = LedgerEventOf<'InfluencerCreated'>;
export type InfluencerPasswordChanged = LedgerEventOf<'InfluencerPasswordChanged'>;
export type InfluencerRemoved = LedgerEventOf<'InfluencerRemoved'>;
export type ReferralRegistered = LedgerEventOf<'ReferralRegistered'>;
export type ReferralFlagged = LedgerEventOf<'ReferralFlagged'>;
export type ReferralRewardCredited = LedgerEventOf<'ReferralRewardCredited'>;
export type ReferralRewardClawedBack = LedgerEventOf<'ReferralRewardClawedBack'>;
export type CommissionPending = LedgerEventOf<'CommissionPending'>;
export type CommissionEarned = LedgerEventOf<'CommissionEarned'>;
export type CommissionCancelled = LedgerEventOf<'CommissionCancelled'>;
export type CommissionClawedBack = LedgerEventOf<'CommissionClawedBack'>;
export type PayoutRequested = LedgerEventOf<'PayoutRequested'>;
export type PayoutApproved = LedgerEventOf<'PayoutApproved'>;
export type PayoutPaid = LedgerEventOf<'PayoutPaid'>;
export type PayoutRejected = LedgerEventOf<'PayoutRejected'>;

export type StoredInfluencerLedgerEvent = StoredEventOf<typeof influencerLedgerEvents>;

export const PAYOUT_STATUSES = ['requested', 'approved', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What an admin sets from the payouts list (SPEC §4). */
export const ADMIN_PAYOUT_STATUSES = ['approved', 'paid', 'rejected'] as const;
export type AdminPayoutStatus = (typeof ADMIN_PAYOUT_STATUSES)[number];

export const influencerStreamName = (influencerId: string): string => `influencer-${influencerId}`;
