import { eventTime, stringField } from '../event-time';
import type { Projection } from '../projection';
import type { InfluencerQueryRow } from './influencer-ledger.tables';

type QueryStatus = InfluencerQueryRow['status'];
const STATUSES: readonly QueryStatus[] = ['open', 'in_progress', 'resolved'];
const isStatus = (value: string | null): value is QueryStatus =>
  STATUSES.some((status) => status === value);

/**
 * `influencer_queries`: SPEC §3 Influencer query, from `influencer-query-{id}` streams. A reply
 * is listed under its event id, so a replayed reply replaces itself instead of repeating.
 */
export const influencerQueriesProjection: Projection = {
  name: 'influencer-queries',
  version: 1,
  tables: ['influencer_queries'],
  handles: ['InfluencerQueryOpened', 'InfluencerQueryReplied'],
  async apply(trx, events) {
    for (const event of events) {
      const { data } = event;
      const queryId = stringField(data, 'queryId');
      if (queryId === null) continue;
      const at = eventTime(event);
      if (event.type === 'InfluencerQueryOpened') {
        const row = {
          id: queryId,
          influencer_id: stringField(data, 'influencerId') ?? '',
          subject: stringField(data, 'subject') ?? '',
          message: stringField(data, 'message') ?? '',
          status: 'open' as const,
          replies: JSON.stringify([]),
          created_at: at,
          updated_at: at,
        };
        await trx
          .insertInto('influencer_queries')
          .values(row)
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
        continue;
      }
      const current = await trx
        .selectFrom('influencer_queries')
        .select('replies')
        .where('id', '=', queryId)
        .executeTakeFirst();
      if (current === undefined) continue;
      const reply = {
        id: event.id,
        at,
        by: stringField(data, 'by') ?? 'admin',
        body: stringField(data, 'reply') ?? '',
      };
      const status = stringField(data, 'status');
      await trx
        .updateTable('influencer_queries')
        .set({
          replies: JSON.stringify([...current.replies.filter((r) => r.id !== event.id), reply]),
          // SPEC §4: a reply resolves unless it says otherwise.
          status: isStatus(status) ? status : 'resolved',
          updated_at: at,
        })
        .where('id', '=', queryId)
        .execute();
    }
  },
};
