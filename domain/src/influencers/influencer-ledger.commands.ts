import type { Command } from '../core/decider';
import type { PayoutStatus } from './influencer-ledger.events';

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
} as const;

export type CreateInfluencer = Command<
  'CreateInfluencer',
  { influencerId: string; name: string; email: string; referralCode: string; passwordHash: string }
>;
export type ChangeInfluencerPassword = Command<
  'ChangeInfluencerPassword',
  { passwordHash: string }
>;
export type RemoveInfluencer = Command<'RemoveInfluencer', Record<string, never>>;
/** `userEmail` lets the ledger refuse a self-referral (same e-mail earns nothing). */
export type RegisterReferral = Command<
  'RegisterReferral',
  { userId: string; userEmail: string | null }
>;
export type CreditReferralReward = Command<
  'CreditReferralReward',
  { userId: string; orderId: string }
>;
export type ClawBackReferralReward = Command<
  'ClawBackReferralReward',
  { userId: string; orderId: string }
>;
export type RequestPayout = Command<
  'RequestPayout',
  { payoutId: string; payeeName: string; mobile: string; bankName: string; upiId: string }
>;
export type ApprovePayout = Command<'ApprovePayout', { payoutId: string }>;
export type MarkPayoutPaid = Command<'MarkPayoutPaid', { payoutId: string; txnId: string | null }>;
export type RejectPayout = Command<'RejectPayout', { payoutId: string }>;

export type InfluencerLedgerCommand =
  | CreateInfluencer
  | ChangeInfluencerPassword
  | RemoveInfluencer
  | RegisterReferral
  | CreditReferralReward
  | ClawBackReferralReward
  | RequestPayout
  | ApprovePayout
  | MarkPayoutPaid
  | RejectPayout;

export interface RewardEntry {
  orderId: string;
  amount: number;
  clawedBack: boolean;
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
      registrations: number;
      /** By referred user: the one reward that user can ever earn. */
      rewards: Readonly<Record<string, RewardEntry>>;
      payouts: Readonly<Record<string, PayoutEntry>>;
      /** The requested or approved payout, if any: at most one at a time. */
      openPayoutId: string | null;
      balance: number;
    };
