import { assertNever, queryEvents } from '@shortlist/domain';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime } from '../event-time';
import { type ProjectedEvent, typedProjection } from '../projection';
import type { SupportQueryReplyRow } from './support-queries.table';

/** Only the Contact page's streams feed this table, whatever else carries these event types. */
const STREAM_PREFIX = 'query-';

/**
 * `queries` (the projection's and the table's stored names): the Contact page's support queries
 * for the admin Queries screen. Each row remembers the stream version it last applied and takes
 * only newer events, so a replayed or re-delivered batch changes nothing and the replies list
 * never gets a duplicate.
 */
export const supportQueriesProjection = typedProjection({
  name: 'queries',
  version: 1,
  tables: ['queries'],
  reads: [queryEvents],
  async apply(trx, events) {
    for (const event of events) {
      if (event.recorded.streamName.startsWith(STREAM_PREFIX)) await applyOne(trx, event);
    }
  },
});

async function applyOne(
  trx: Transaction<Database>,
  event: ProjectedEvent<typeof queryEvents>,
): Promise<void> {
  const id = event.data.queryId;
  const version = event.recorded.streamVersion;
  switch (event.type) {
    case 'QueryOpened':
      // The first event of its stream: a second delivery finds the row and leaves it alone.
      await trx
        .insertInto('queries')
        .values({
          id,
          pid: event.data.pid,
          email: event.data.email,
          message: event.data.message,
          status: 'open',
          created_at: eventTime(event.recorded),
          replies: '[]',
          deleted: false,
          version,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    case 'QueryReplied': {
      const { data } = event;
      const reply: SupportQueryReplyRow = {
        at: data.at,
        by: data.by,
        to: data.to,
        subject: data.subject,
        body: data.body,
        sendOk: data.sendOk,
        previewUrl: data.previewUrl,
      };
      await trx
        .updateTable('queries')
        .set({ replies: sql<string>`replies || ${JSON.stringify([reply])}::jsonb`, version })
        .where('id', '=', id)
        .where('version', '<', version)
        .execute();
      return;
    }
    case 'QueryClosed':
      await trx
        .updateTable('queries')
        .set({ status: 'closed', version })
        .where('id', '=', id)
        .where('version', '<', version)
        .execute();
      return;
    case 'QueryDeleted':
      // A deleted query is gone for the admin; its personal data leaves the read model with it.
      await trx
        .updateTable('queries')
        .set({ deleted: true, pid: null, email: null, message: null, replies: '[]', version })
        .where('id', '=', id)
        .where('version', '<', version)
        .execute();
      return;
    default:
      assertNever(event);
  }
}
