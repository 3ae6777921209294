import type { JsonObject, JsonValue, RecordedEvent } from '@shortlist/eventstore';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime, stringField } from '../event-time';
import type { Projection } from '../projection';
import type { QueryReplyRow } from './queries.table';

/** Contact queries live in `query-{id}`; influencer queries share the event types, not the table. */
const STREAM_PREFIX = 'query-';

/**
 * `queries`: the Contact page's support queries for the admin Queries screen. Each row
 * remembers the stream version it last applied and takes only newer events, so a replayed or
 * re-delivered batch changes nothing and the replies list never gets a duplicate.
 */
export const queriesProjection: Projection = {
  name: 'queries',
  version: 1,
  tables: ['queries'],
  handles: ['QueryOpened', 'QueryReplied', 'QueryClosed', 'QueryDeleted'],
  async apply(trx, events) {
    for (const event of events) {
      if (event.streamName.startsWith(STREAM_PREFIX)) await applyOne(trx, event);
    }
  },
};

async function applyOne(trx: Transaction<Database>, event: RecordedEvent): Promise<void> {
  const { data } = event;
  const id = stringField(data, 'queryId');
  if (id === null) return;
  const version = event.streamVersion;
  switch (event.type) {
    case 'QueryOpened':
      // The first event of its stream: a second delivery finds the row and leaves it alone.
      await trx
        .insertInto('queries')
        .values({
          id,
          pid: stringField(data, 'pid'),
          email: stringField(data, 'email'),
          message: stringField(data, 'message'),
          status: 'open',
          created_at: eventTime(event),
          replies: '[]',
          deleted: false,
          version,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      return;
    case 'QueryReplied':
      await trx
        .updateTable('queries')
        .set({
          replies: sql<string>`replies || ${JSON.stringify([replyOf(data, event)])}::jsonb`,
          version,
        })
        .where('id', '=', id)
        .where('version', '<', version)
        .execute();
      return;
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
  }
}

function replyOf(data: JsonObject, event: RecordedEvent): QueryReplyRow {
  return {
    at: stringField(data, 'at') ?? eventTime(event),
    by: stringField(data, 'by') ?? 'unknown',
    to: stringField(data, 'to'),
    subject: stringField(data, 'subject'),
    body: stringField(data, 'body'),
    sendOk: booleanField(data.sendOk),
    previewUrl: stringField(data, 'previewUrl'),
  };
}

function booleanField(value: JsonValue | undefined): boolean {
  return value === true;
}
