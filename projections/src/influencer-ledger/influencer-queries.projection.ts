import { assertNever, influencerQueryEvents } from '@shortlist/domain';
import { eventTime } from '../event-time';
import { typedProjection } from '../projection';

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
    for (const event of events) {
      const { queryId } = event.data;
      const at = eventTime(event.recorded);
      switch (event.type) {
        case 'InfluencerQueryOpened': {
          const row = {
            id: queryId,
            influencer_id: event.data.influencerId,
            subject: event.data.subject,
            message: event.data.message,
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
          break;
        }
        case 'InfluencerQueryReplied': {
          const current = await trx
            .selectFrom('influencer_queries')
            .select('replies')
            .where('id', '=', queryId)
            .executeTakeFirst();
          if (current === undefined) break;
          const { id } = event.recorded;
          const reply = { id, at, by: event.data.by, body: event.data.reply };
          await trx
            .updateTable('influencer_queries')
            .set({
              replies: JSON.stringify([...current.replies.filter((r) => r.id !== id), reply]),
              status: event.data.status,
              updated_at: at,
            })
            .where('id', '=', queryId)
            .execute();
          break;
        }
        default:
          assertNever(event);
      }
    }
  },
});
