import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';

/**
 * The names of the customers behind this influencer's referred orders, by order id, so the
 * statement says whose review earned a reward rather than an order id. Only the influencer's own
 * referred orders are looked at; an erased account has no name and stays out of the map.
 */
export async function referredCustomerNames(
  db: Kysely<Database>,
  influencerId: string,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const wanted = [...new Set(orderIds)];
  if (wanted.length === 0) return names;
  const rows = await db
    .selectFrom('influencer_referred_orders as referred')
    .innerJoin('users', 'users.id', 'referred.user_id')
    .select(['referred.order_id as orderId', 'users.name as name'])
    .where('referred.influencer_id', '=', influencerId)
    .where('referred.order_id', 'in', wanted)
    .execute();
  for (const row of rows) if (row.name) names.set(row.orderId, row.name);
  return names;
}
