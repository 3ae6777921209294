import type { ColumnType, Insertable, Selectable } from 'kysely';

/**
 * Influencers as registration (referral codes), login and the admin list need them. The ledger
 * figures (balance, referrals, payouts) are separate read models of the same stream.
 */
export interface InfluencersTable {
  id: string;
  name: string | null;
  email: string | null;
  /** Upper-case; the `ref` of `/register?ref=`. */
  referral_code: string;
  created_at: ColumnType<Date, string, string>;
  removed_at: ColumnType<Date | null, string | null, string | null>;
  /** argon2id; null once removed (or crypto-shredded). Added by 20251122-1100-influencer-ledger. */
  password_hash: string | null;
}

export type InfluencerRow = Selectable<InfluencersTable>;
export type NewInfluencerRow = Insertable<InfluencersTable>;
