import { isEligibleForPayout } from '@shortlist/domain';
import type {
  InfluencerQueryView,
  InfluencerStats,
  PayoutView,
  ReferralFlagView,
  SavedPaymentDetails,
} from '@shortlist/domain/contract';
import {
  type Database,
  type InfluencerQueryRow,
  type PayoutRow,
  selectPrepared,
} from '@shortlist/projections';
import type { Kysely } from 'kysely';

/**
 * Read-model queries shared by the influencer's own routes and the admin's. Plain functions
 * over `db` (STYLE.md, Kysely); every value bound.
 */

/** SPEC §3: `{PUBLIC_ORIGIN}/register?ref={referralCode}`. */
export function referralLink(publicOrigin: string, referralCode: string): string {
  return `${publicOrigin}/register?ref=${encodeURIComponent(referralCode)}`;
}

/**
 * The influencer as login and the guards see it; undefined when unknown or removed. Every
 * influencer request asks it: a prepared statement (planned once per connection).
 */
export async function activeInfluencer(db: Kysely<Database>, influencerId: string) {
  const [row] = await selectPrepared(
    db,
    db
      .selectFrom('influencers')
      .select(['id', 'name', 'email', 'referral_code', 'password_hash'])
      .where('id', '=', influencerId)
      .where('removed_at', 'is', null)
      .compile(),
  );
  return row;
}

export interface LedgerFigures {
  registrations: number;
  orders: number;
  balance: number;
  pending: number;
  debt: number;
}

export const NO_FIGURES: LedgerFigures = {
  registrations: 0,
  orders: 0,
  balance: 0,
  pending: 0,
  debt: 0,
};

export async function ledgerFigures(
  db: Kysely<Database>,
  influencerId: string,
): Promise<LedgerFigures> {
  const [row] = await selectPrepared(
    db,
    db
      .selectFrom('influencer_ledgers')
      .select(['registrations', 'orders', 'balance', 'pending', 'debt'])
      .where('influencer_id', '=', influencerId)
      .compile(),
  );
  return row ?? NO_FIGURES;
}

/** The figures both screens show; eligibility is the domain's one rule. */
export function statsOf(figures: LedgerFigures): InfluencerStats {
  return {
    usersReferred: figures.registrations,
    registrations: figures.registrations,
    orders: figures.orders,
    balance: figures.balance,
    eligible: isEligibleForPayout(figures),
    pending: figures.pending,
    debt: figures.debt,
  };
}

function payoutView(row: PayoutRow): PayoutView {
  return {
    _id: row.id,
    amount: row.amount,
    status: row.status,
    requestedAt: row.requested_at.toISOString(),
    processedAt: row.processed_at?.toISOString() ?? null,
    payeeName: row.payee_name,
    mobile: row.mobile,
    bankName: row.bank_name,
    upiId: row.upi_id,
    txnId: row.txn_id,
    method: row.method,
    accountNumber: row.account_number,
    ifsc: row.ifsc,
    netted: row.netted,
    reason: row.reason,
  };
}

/** The details of the influencer's latest request, to fill the next one; null if none (or erased). */
export async function savedPaymentDetails(
  db: Kysely<Database>,
  influencerId: string,
): Promise<SavedPaymentDetails | null> {
  const row = await db
    .selectFrom('payouts')
    .select(['method', 'payee_name', 'mobile', 'bank_name', 'account_number', 'ifsc', 'upi_id'])
    .where('influencer_id', '=', influencerId)
    .orderBy('requested_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined || row.payee_name === null || row.mobile === null) return null;
  return {
    method: row.method,
    payeeName: row.payee_name,
    mobile: row.mobile,
    bankName: row.bank_name ?? '',
    accountNumber: row.account_number ?? '',
    ifsc: row.ifsc ?? '',
    upiId: row.upi_id ?? '',
  };
}

/** Flags on an influencer's referrals, by influencer (the admin's payout list shows them). */
export async function referralFlags(
  db: Kysely<Database>,
  influencerIds: readonly string[],
): Promise<Map<string, ReferralFlagView[]>> {
  const flags = new Map<string, ReferralFlagView[]>();
  if (influencerIds.length === 0) return flags;
  const rows = await db
    .selectFrom('influencer_referral_flags')
    .selectAll()
    .where('influencer_id', 'in', [...new Set(influencerIds)])
    .orderBy('flagged_at')
    .orderBy('id')
    .limit(LIST_LIMIT)
    .execute();
  for (const row of rows) {
    const list = flags.get(row.influencer_id) ?? [];
    list.push({
      userId: row.user_id,
      reason: row.reason,
      relatedUserId: row.related_user_id,
      at: row.flagged_at.toISOString(),
    });
    flags.set(row.influencer_id, list);
  }
  return flags;
}

export function queryView(
  row: InfluencerQueryRow,
  influencerName: string | null,
): InfluencerQueryView {
  return {
    _id: row.id,
    subject: row.subject,
    message: row.message,
    status: row.status,
    influencerId: { _id: row.influencer_id, name: influencerName },
    replies: row.replies.map(({ at, by, body }) => ({ at, by, body })),
    createdAt: row.created_at.toISOString(),
  };
}

/** Newest first; one influencer's, or everyone's for the admin. */
export async function listQueries(
  db: Kysely<Database>,
  filter: { influencerId?: string; queryId?: string } = {},
): Promise<InfluencerQueryView[]> {
  let query = db
    .selectFrom('influencer_queries as q')
    .leftJoin('influencers as i', 'i.id', 'q.influencer_id')
    .selectAll('q')
    .select('i.name as influencer_name')
    .orderBy('q.created_at', 'desc')
    .orderBy('q.id')
    .limit(LIST_LIMIT);
  if (filter.influencerId !== undefined) {
    query = query.where('q.influencer_id', '=', filter.influencerId);
  }
  if (filter.queryId !== undefined) query = query.where('q.id', '=', filter.queryId);
  const rows = await query.execute();
  return rows.map((row) => queryView(row, row.influencer_name));
}

/** Newest first, with who asked (the admin list shows name and e-mail). */
export async function listPayouts(
  db: Kysely<Database>,
  filter: { influencerId?: string; payoutId?: string } = {},
) {
  let query = db
    .selectFrom('payouts as p')
    .leftJoin('influencers as i', 'i.id', 'p.influencer_id')
    .leftJoin('influencer_ledgers as l', 'l.influencer_id', 'p.influencer_id')
    .selectAll('p')
    .select(['i.name as influencer_name', 'i.email as influencer_email', 'l.debt as debt'])
    .orderBy('p.requested_at', 'desc')
    .orderBy('p.id')
    .limit(LIST_LIMIT);
  if (filter.influencerId !== undefined) {
    query = query.where('p.influencer_id', '=', filter.influencerId);
  }
  if (filter.payoutId !== undefined) query = query.where('p.id', '=', filter.payoutId);
  const rows = await query.execute();
  const flags = await referralFlags(
    db,
    rows.map((row) => row.influencer_id),
  );
  return rows.map((row) => ({
    ...payoutView(row),
    influencerId: {
      _id: row.influencer_id,
      name: row.influencer_name,
      email: row.influencer_email,
    },
    debt: row.debt ?? 0,
    flags: flags.get(row.influencer_id) ?? [],
  }));
}

/** SPEC §9: admin lists show one page; generous here since these lists are short. */
const LIST_LIMIT = 500;
