import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';

/**
 * Recomputes the summary rows of these influencers from the detail rows (ledger balance rule),
 * all in one statement: each row is a function of the detail rows alone, so doing it once after
 * a batch's writes gives what doing it after every event of the batch gave.
 */
export async function refreshLedgers(
  trx: Transaction<Database>,
  influencerIds: readonly string[],
): Promise<void> {
  if (influencerIds.length === 0) return;
  const deferred = deferredRefreshes.get(trx);
  if (deferred !== undefined) {
    for (const id of influencerIds) deferred.add(id);
    return;
  }
  await sql`
    INSERT INTO influencer_ledgers AS l (influencer_id, registrations, orders, credited,
      clawed_back, held, paid_out, balance, open_payout_id, pending, debt)
    SELECT i.id, f.registrations, f.orders, f.credited, f.clawed_back, f.held,
      f.paid_out, f.credited - f.clawed_back - f.held - f.paid_out, f.open_payout_id,
      f.pending, greatest(0, -(f.credited - f.clawed_back - f.held - f.paid_out))
    FROM (SELECT DISTINCT unnest(${[...influencerIds]}::text[]) AS id) i
    CROSS JOIN LATERAL (SELECT
      (SELECT count(*)::int FROM influencer_referrals WHERE influencer_id = i.id)
        AS registrations,
      (SELECT count(*)::int FROM influencer_referred_orders o
        WHERE o.influencer_id = i.id AND o.paid AND o.status <> 'refunded'
          AND EXISTS (SELECT 1 FROM influencer_referrals r
            WHERE r.user_id = o.user_id AND r.influencer_id = o.influencer_id)) AS orders,
      (SELECT coalesce(sum(amount), 0)::int FROM influencer_rewards
        WHERE influencer_id = i.id)
        + (SELECT coalesce(sum(amount), 0)::int FROM influencer_commissions
          WHERE influencer_id = i.id AND status IN ('earned', 'clawed_back')) AS credited,
      (SELECT coalesce(sum(clawed_back), 0)::int FROM influencer_rewards
        WHERE influencer_id = i.id)
        + (SELECT coalesce(sum(amount), 0)::int FROM influencer_commissions
          WHERE influencer_id = i.id AND status = 'clawed_back') AS clawed_back,
      (SELECT coalesce(sum(amount), 0)::int FROM influencer_commissions
        WHERE influencer_id = i.id AND status = 'pending') AS pending,
      (SELECT coalesce(sum(amount), 0)::int FROM payouts
        WHERE influencer_id = i.id AND status IN ('requested', 'approved')) AS held,
      (SELECT coalesce(sum(amount), 0)::int FROM payouts
        WHERE influencer_id = i.id AND status = 'paid') AS paid_out,
      (SELECT id FROM payouts
        WHERE influencer_id = i.id AND status IN ('requested', 'approved')
        ORDER BY requested_at DESC, id LIMIT 1) AS open_payout_id
    ) f
    ON CONFLICT (influencer_id) DO UPDATE SET
      registrations = excluded.registrations, orders = excluded.orders,
      credited = excluded.credited, clawed_back = excluded.clawed_back, held = excluded.held,
      paid_out = excluded.paid_out, balance = excluded.balance,
      open_payout_id = excluded.open_payout_id, pending = excluded.pending, debt = excluded.debt
  `.execute(trx);
}

/** Transactions whose refreshes wait for finishDeferredLedgers, with the influencers to refresh. */
const deferredRefreshes = new WeakMap<Transaction<Database>, Set<string>>();

/**
 * For a replay that commits once, at its end (a rebuild in one transaction): the summary rows are
 * refreshed once, by finishDeferredLedgers, instead of after every page. Nobody can read between
 * the pages of such a transaction, and each summary row is a function of the detail rows alone,
 * so the rows committed are the same; refreshing after every page recounted every influencer's
 * whole history each time, which grew with the square of the history (minutes at 800k events).
 * The live path never calls this, so every batch it commits still carries its summaries.
 */
export function deferLedgerRefreshes(trx: Transaction<Database>): void {
  deferredRefreshes.set(trx, new Set());
}

/** Refreshes, once, the summaries deferred in this transaction since deferLedgerRefreshes. */
export async function finishDeferredLedgers(trx: Transaction<Database>): Promise<void> {
  const deferred = deferredRefreshes.get(trx);
  deferredRefreshes.delete(trx);
  if (deferred !== undefined) await refreshLedgers(trx, [...deferred]);
}
