import { assertNever, influencerQueryEvents } from '@shortlist/domain';
import type { Insertable } from 'kysely';
import { loadRows, TableChanges } from '../engine/table-changes';
import { eventTime } from '../event-time';
import { typedProjection } from '../projection';
import type { InfluencerQueriesTable, InfluencerQueryReplyRow } from './influencer-ledger.tables';

/**
 * `influencer_queries`: SPEC §3 Influencer query, from `influencer-query-{id}` streams. A reply
 * is listed under its event id, so a replayed reply replaces itself instead of repeating.
 */
export const influencerQueriesProjection = typedProjection({
  name: 'influencer-queries',
  version: 1,
  tables: ['influencer_queries'],
  reads: [influencerQueryEvents],
  async apply(trx, events) {
    // A reply edits the stored list of replies: read those rows once, up front.
    const stored = await loadRows<'influencer_queries', { replies: InfluencerQueryReplyRow[] }>(
      trx,
      'influencer_queries',
      'id',
      ['replies'],
      events
        .filter((event) => event.type === 'InfluencerQueryReplied')
        .map((event) => event.data.queryId),
    );
    const queries = new TableChanges<QueryWrite>('influencer_queries', 'id');
    for (const event of events) {
      const { queryId } = event.data;
      const at = eventTime(event.recorded);
      switch (event.type) {
        case 'InfluencerQueryOpened':
          queries.put({
            id: queryId,
            influencer_id: event.data.influencerId,
            subject: event.data.subject,
            message: event.data.message,
            status: 'open',
            replies: [],
            created_at: at,
            updated_at: at,
          });
          break;
        case 'InfluencerQueryReplied': {
          const current = queries.current(queryId, stored.get(queryId));
          if (current?.replies === undefined) break;
          const { id } = event.recorded;
          const reply = { id, at, by: event.data.by, body: event.data.reply };
          queries.patch(queryId, {
            replies: [...current.replies.filter((r) => r.id !== id), reply],
            status: event.data.status,
            updated_at: at,
          });
          break;
        }
        default:
          assertNever(event);
      }
    }
    await queries.flush(trx);
  },
});

/** An `influencer_queries` row as written: replies as a JSON value (engine/table-changes). */
type QueryWrite = Omit<Insertable<InfluencerQueriesTable>, 'replies'> & {
  replies: InfluencerQueryReplyRow[];
};
