import type { Command } from '../core/decider';
import type {
  InfluencerCreated,
  InfluencerPasswordChanged,
  PayoutPaid,
  PayoutRejected,
  PayoutStatus,
  ReferralFlagged,
  ReferralRegistered,
} from './influencer-ledger.events';
import type { PaymentDetails } from './payment-details';
import type { RewardRules } from './reward-rules';

/** The influencer ledger's commands and folded state (stream `influencer-{id}`). */

export const INFLUENCER_MESSAGES = {
  notFound: 'Influencer not found.',
  removed: 'This influencer was removed.',
  alreadyExists: 'This influencer already exists.',
  fillAllFields: 'Fill all fields',
  notReferred: 'This user was not referred by this influencer.',
  payoutOpen: 'A payout request is already in progress.',
  payoutNotFound: 'Payout not found.',
  payoutAlreadyPaid: 'This payout is already paid.',
  payoutAlreadyRejected: 'This payout was rejected.',
  payeeDetailsRequired: 'Please fill all payment details.',
  mobileInvalid: 'Enter a 10-digit mobile number.',
  approveBeforePaid: 'Approve the payout before marking it paid.',
  transferReferenceRequired: 'Enter the transfer reference.',
  rejectReasonRequired: 'Enter the reason the influencer will see.',
} as const;

/** The refusal when a debt takes the whole held amount: nothing is left to pay. */
export function debtExceedsPayoutMessage(debt: number): string {
  return `The influencer's debt of ₹${debt.toLocaleString('en-IN')} takes the whole payout; reject it instead.`;
}

export type CreateInfluencer = Command<'CreateInfluencer', InfluencerCreated['data']>;
export type ChangeInfluencerPassword = Command<
  'ChangeInfluencerPassword',
  Pick<InfluencerPasswordChanged['data'], 'passwordHash'>
>;
export type RemoveInfluencer = Command<'RemoveInfluencer', Record<string, never>>;
/**
 * `userEmail` lets the ledger refuse the influencer's own address and its aliases;
 * `personKey` (a hash of the attribution e-mail, see attribution-email.ts) a second account of
 * one person.
 */
export type RegisterReferral = Command<
  'RegisterReferral',
  Pick<ReferralRegistered['data'], 'userId' | 'personKey'> & { userEmail: string | null }
>;
/**
 * The fingerprint of the instrument that paid the order (PaymentVerified.instrument), when the
 * provider told it: a referred account paying with one another referred account of the same
 * influencer already paid with is flagged instead of credited.
 */
interface PaidWith {
  instrument?: string | null;
}
/** A referred user's resume review was paid; `rules` are the reward rules as recorded. */
export type CreditReferralReward = Command<
  'CreditReferralReward',
  { userId: string; orderId: string; rules: RewardRules } & PaidWith
>;
/** A referred user's from-scratch or rewrite order was paid: its commission becomes pending. */
export type RecordOrderCommission = Command<
  'RecordOrderCommission',
  { userId: string; orderId: string; service: string; rules: RewardRules } & PaidWith
>;
/** The order was completed: its pending commission is earned. */
export type EarnOrderCommission = Command<'EarnOrderCommission', { orderId: string }>;
/**
 * The order was refunded: whatever it earned is taken back (its first-review reward, its
 * commission), or cancelled while still pending.
 */
export type ClawBackReferralReward = Command<
  'ClawBackReferralReward',
  { userId: string; orderId: string }
>;
/** Another referred account paid with the same instrument (as the payment provider tells it). */
export type FlagReferral = Command<
  'FlagReferral',
  Pick<ReferralFlagged['data'], 'userId' | 'relatedUserId'> & { reason: 'same_payment_instrument' }
>;
export type RequestPayout = Command<'RequestPayout', { payoutId: string } & PaymentDetails>;
export type ApprovePayout = Command<'ApprovePayout', { payoutId: string }>;
export type MarkPayoutPaid = Command<'MarkPayoutPaid', Omit<PayoutPaid['data'], 'influencerId'>>;
export type RejectPayout = Command<
  'RejectPayout',
  Pick<PayoutRejected['data'], 'payoutId' | 'reason'>
>;

export type InfluencerLedgerCommand =
  | CreateInfluencer
  | ChangeInfluencerPassword
  | RemoveInfluencer
  | RegisterReferral
  | CreditReferralReward
  | RecordOrderCommission
  | EarnOrderCommission
  | ClawBackReferralReward
  | FlagReferral
  | RequestPayout
  | ApprovePayout
  | MarkPayoutPaid
  | RejectPayout;

export interface RewardEntry {
  orderId: string;
  amount: number;
  clawedBack: boolean;
}

export interface CommissionEntry {
  userId: string;
  amount: number;
  status: 'pending' | 'earned' | 'cancelled' | 'clawed_back';
}

export interface PayoutEntry {
  amount: number;
  status: PayoutStatus;
}

export type InfluencerLedgerState =
  | { kind: 'none' }
  | {
      kind: 'created';
      influencerId: string;
      /** Lower-cased; null once crypto-shredded. Only for the self-referral check. */
      email: string | null;
      removed: boolean;
      /** Referred user ids (each counted once). */
      referrals: Readonly<Record<string, true>>;
      /** Referred people, by person key: the account that was credited as that person. */
      persons: Readonly<Record<string, string>>;
      /** Accounts already flagged, by user id and reason, so a flag is raised once. */
      flags: Readonly<Record<string, true>>;
      /** Payment instrument fingerprints, each with the first referred account credited for it. */
      instruments: Readonly<Record<string, string>>;
      registrations: number;
      /** By referred user: the one first-review reward that user can ever earn. */
      rewards: Readonly<Record<string, RewardEntry>>;
      /** By order: its per-order commission. */
      commissions: Readonly<Record<string, CommissionEntry>>;
      /** Pending commissions, not yet in the balance. */
      pending: number;
      payouts: Readonly<Record<string, PayoutEntry>>;
      /** The requested or approved payout, if any: at most one at a time. */
      openPayoutId: string | null;
      /**
       * What can be requested: earned − clawed back − paid − held. Below zero it is a debt
       * (a refund after the money was held or paid), netted from the next payout.
       */
      balance: number;
    };
