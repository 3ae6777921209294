import type { ColumnType, JSONColumnType, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, string, string>;
type NullableTimestamp = ColumnType<Date | null, string | null, string | null>;

/**
 * Users who registered with an influencer's code, from their own `UserRegistered` (so the e-mail
 * is shredded with the user's key, never copied into the influencer's stream). A lookup for the
 * orders below: the ledger may record the referral a moment after the user's first order.
 */
export interface InfluencerReferredUsersTable {
  user_id: string;
  influencer_id: string;
  user_email: string | null;
  registered_at: Timestamp;
  /** The campaign tag of the link the user came through. */
  campaign: string | null;
}

/** Referrals the ledger recorded (`ReferralRegistered`): what the registrations count counts. */
export interface InfluencerReferralsTable {
  user_id: string;
  influencer_id: string;
  user_email: string | null;
  registered_at: Timestamp;
  campaign: string | null;
}

/** Clicks on influencers' short links (no personal data), the top of the funnel. */
export interface ReferralClicksTable {
  id: string;
  influencer_id: string;
  campaign: string | null;
  clicked_at: Timestamp;
}

/** Orders of referred users, for the influencer's dashboard (SPEC §7 orders[]). */
export interface InfluencerReferredOrdersTable {
  order_id: string;
  influencer_id: string;
  user_id: string;
  user_email: string | null;
  service: string;
  status: string;
  paid: boolean;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
}

/** The one reward each referred user can earn, and what a refund took back. */
export interface InfluencerRewardsTable {
  user_id: string;
  influencer_id: string;
  order_id: string;
  amount: number;
  clawed_back: number;
  shortfall: number;
  credited_at: Timestamp;
  clawed_back_at: NullableTimestamp;
}

/** SPEC §3 Payout. Payee details read null once the influencer's key is erased. */
export interface PayoutsTable {
  id: string;
  influencer_id: string;
  amount: number;
  status: 'requested' | 'approved' | 'paid' | 'rejected';
  requested_at: Timestamp;
  processed_at: NullableTimestamp;
  payee_name: string | null;
  mobile: string | null;
  bank_name: string | null;
  upi_id: string | null;
  txn_id: string | null;
  method: ColumnType<'bank' | 'upi', 'bank' | 'upi' | undefined, 'bank' | 'upi'>;
  account_number: string | null;
  ifsc: string | null;
  /** The part of the held amount that paid a debt at approval. */
  netted: ColumnType<number, number | undefined, number>;
  /** A rejection's reason, shown to the influencer. */
  reason: string | null;
}

/** Per-order commissions: pending until the order completes, then earned (or reversed). */
export interface InfluencerCommissionsTable {
  order_id: string;
  influencer_id: string;
  user_id: string;
  service: string;
  amount: number;
  status: 'pending' | 'earned' | 'cancelled' | 'clawed_back';
  pending_at: Timestamp;
  /** When it was earned, cancelled or clawed back. */
  settled_at: NullableTimestamp;
}

/** Referrals the programme does not trust, for the admin to see before approving a payout. */
export interface InfluencerReferralFlagsTable {
  /** `{influencerId}:{userId}:{reason}`. */
  id: string;
  influencer_id: string;
  user_id: string;
  reason: 'own_address' | 'same_person' | 'same_payment_instrument';
  related_user_id: string | null;
  flagged_at: Timestamp;
}

/**
 * One row per influencer: the figures the dashboard and the admin list show, recomputed from the
 * tables above after every event that touches them (so a replay cannot double-count).
 * balance = credited − clawed_back − held − paid_out, where credited counts first-review rewards
 * and earned commissions, clawed_back what refunds took back of either. A balance below zero is
 * a debt (`debt` = its size), netted from the next payout.
 */
export interface InfluencerLedgersTable {
  influencer_id: string;
  registrations: number;
  /** Paid, unrefunded orders of recorded referrals. */
  orders: number;
  credited: number;
  clawed_back: number;
  /** In the open (requested or approved) payout. */
  held: number;
  paid_out: number;
  balance: number;
  open_payout_id: string | null;
  /** Commissions of orders that can still be refunded. */
  pending: ColumnType<number, number | undefined, number>;
  debt: ColumnType<number, number | undefined, number>;
}

export interface InfluencerQueryReplyRow {
  /** The reply event's id: keeps a replayed reply from being listed twice. */
  id: string;
  at: string;
  by: string;
  body: string;
}

/** SPEC §3 Influencer query. */
export interface InfluencerQueriesTable {
  id: string;
  influencer_id: string;
  subject: string;
  message: string;
  status: 'open' | 'in_progress' | 'resolved';
  replies: JSONColumnType<InfluencerQueryReplyRow[], string, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type InfluencerLedgerRow = Selectable<InfluencerLedgersTable>;
export type PayoutRow = Selectable<PayoutsTable>;
export type InfluencerReferredOrderRow = Selectable<InfluencerReferredOrdersTable>;
export type InfluencerQueryRow = Selectable<InfluencerQueriesTable>;
export type InfluencerReferralFlagRow = Selectable<InfluencerReferralFlagsTable>;
