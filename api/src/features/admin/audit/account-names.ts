import type { Database } from '@shortlist/projections';
import type { Kysely, Transaction } from 'kysely';

/**
 * The names of the accounts behind 'admin:{id}' and 'user:{id}' actors, keyed by the actor, so
 * an audit trail reads "Admin Priya Shah" rather than an id. One query whatever the trail's
 * length; an erased or unknown account has no name and stays out of the map.
 */
export async function accountNames(
  db: Kysely<Database> | Transaction<Database>,
  actors: readonly (string | null)[],
): Promise<Map<string, string>> {
  const byId = new Map<string, string>();
  for (const actor of actors) {
    const match = actor?.match(/^(admin|user):(.+)$/);
    if (match?.[2]) byId.set(match[2], actor as string);
  }
  const names = new Map<string, string>();
  if (byId.size === 0) return names;
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('id', 'in', [...byId.keys()])
    .execute();
  for (const row of rows) {
    const actor = byId.get(row.id);
    if (actor && row.name) names.set(actor, row.name);
  }
  return names;
}
