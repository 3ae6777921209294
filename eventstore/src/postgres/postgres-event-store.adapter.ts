import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { assertAppendable } from '../append.guard';
import {
  type AppendResult,
  DuplicateEventIdsError,
  type EventStore,
  type ExpectedVersion,
  type JsonObject,
  type NewEvent,
  NO_STREAM,
  type Position,
  type ReadStreamResult,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '../event-store.port';
import { startPollingSubscription } from './polling-subscription';
import { createAppendBatcher } from './postgres-append-batcher';
import { createPostgresNotifier } from './postgres-notifier.listener';
import { decodePostgresPosition, encodePostgresPosition } from './postgres-position.codec';
import {
  DEFAULT_SCHEMA,
  EXPECTED_ANY,
  EXPECTED_STREAM_EXISTS,
  notifyChannel,
  PARTIAL_DUPLICATE_SQLSTATE,
  schemaIdentifier,
  WRONG_EXPECTED_VERSION_SQLSTATE,
} from './postgres-schema.migration';
import { createSharedTail } from './shared-tail';

/*
 * Global order, and why readAll filters on the transaction id.
 *
 * global_position comes from a sequence, and sequence values are handed out when a row is
 * inserted, not when its transaction commits. Transaction A takes 10, B takes 11, B commits, a
 * reader sees 11 and moves its checkpoint past 10; A commits and 10 is never read. Marten lived
 * with this for years: its daemon detects sequence gaps and, after a "stale" timeout, skips
 * them, so a slow-but-committing transaction loses its events (JasperFx/marten#1629, #2189,
 * #2370, and as late as #4964/#4977, where several statements in one command each took their own
 * READ COMMITTED snapshot and the gap check raced the commits). Emmett documented the fix
 * (event-driven.io "ordering in Postgres outbox"), lost the filter in a refactor, and restored it
 * in event-driven-io/emmett#336, also turning its checkpoint into a (transaction id, position)
 * string; that is the scheme used here.
 *
 * Every event row records its top-level transaction id (xid8). A reader returns only rows whose
 * transaction id is below the xmin of its own statement's snapshot: every transaction below xmin
 * has finished, and any transaction that has not yet been assigned an id will get one >= xmin.
 * So nothing can ever appear before a position already read, provided the order is
 * (transaction_id, global_position) and the checkpoint carries both. The bound and the rows come
 * from one statement, hence one snapshot. read_horizon() refines xmin by ignoring transactions
 * of other databases. Cost: any open transaction in this database that holds a transaction id
 * (it wrote something, or locked a row with FOR UPDATE) holds readers back until it ends:
 * latency, never loss. So never keep such a transaction open while waiting for events.
 */

export type PostgresConnection =
  | { connectionString: string /** pool size when the store creates its pool */; poolMax?: number }
  | { pool: pg.Pool };

export interface PostgresEventStoreOptions {
  schema?: string;
  /** Fallback poll for live subscriptions (see polling-subscription.ts). Default 250 ms. */
  pollIntervalMs?: number;
  /** Least time between two NOTIFYs sent to other processes after appends. Default 5 ms. */
  notifyIntervalMs?: number;
  /**
   * Appends (or batches of appends) sent at once; more wait and then go together in one
   * transaction (postgres-append-batcher.ts). Default 4.
   */
  appendsInFlight?: number;
  /**
   * A table of the same database that `appendWithSideRow` inserts into, in the append's own
   * transaction (the API's per-stream personal-data keys). Unset: appendWithSideRow refuses.
   */
  sideRows?: SideRowTable;
}

/** Where side rows go: a table with a text key column and a bytea value column. */
export interface SideRowTable {
  table: string;
  keyColumn: string;
  valueColumn: string;
}

/** One row to insert with an append: both are stored or neither. */
export interface SideRow {
  key: string;
  value: Buffer;
}

/**
 * A store that writes one row of its own with an append, in the same transaction: a row that
 * must exist exactly when the events do (a new stream's encryption key) then costs no
 * transaction of its own. The insert is plain: a row already there with that key (a unique
 * violation, SQLSTATE 23505) fails the append and stores nothing. Only the PostgreSQL store
 * can: other stores do not share a transaction with the database that holds the table.
 */
export interface SideRowAppender {
  appendWithSideRow(
    streamName: string,
    events: NewEvent[],
    options: { expectedVersion?: ExpectedVersion },
    row: SideRow,
  ): Promise<AppendResult>;
}

export function canAppendSideRows(store: EventStore): store is EventStore & SideRowAppender {
  return typeof (store as Partial<SideRowAppender>).appendWithSideRow === 'function';
}

const DEFAULT_APPENDS_IN_FLIGHT = 4;
/** Keeps one batch's statement, and the time its stream locks are held, small. */
const MAX_EVENTS_PER_BATCH = 256;

/** One append, encoded as append_events and append_batch take it. */
interface AppendRequest {
  streamName: string;
  expected: ExpectedVersion;
  encodedExpected: number;
  ids: string[];
  types: string[];
  data: string[];
  metadata: string[];
  sideRow?: SideRow;
}

interface AppendBatchRow {
  append_index: number;
  outcome: 'ok' | 'conflict' | 'single';
  /** The version after the append; for 'conflict', the stream's version that refused it. */
  next_version: string;
  tx: string;
  last_position: string;
}

interface EventRow {
  transaction_id: string;
  global_position: string;
  stream_name: string;
  stream_version: string;
  event_id: string;
  type: string;
  data: JsonObject;
  metadata: JsonObject;
  /** Already ISO-8601 (formatted in SQL: cheaper than parsing a Date per row). */
  recorded_at: string;
}

const EVENT_COLUMNS = `e.transaction_id::text AS transaction_id, e.global_position::text AS global_position,
  e.stream_name, e.stream_version::text AS stream_version, e.event_id::text AS event_id, e.type,
  e.data, e.metadata,
  to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS recorded_at`;

export function createPostgresEventStore(
  connection: PostgresConnection,
  options: PostgresEventStoreOptions = {},
): EventStore & Partial<SideRowAppender> {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  const s = schemaIdentifier(schema);
  const ownsPool = !('pool' in connection);
  const pool =
    'pool' in connection
      ? connection.pool
      : new pg.Pool({
          connectionString: connection.connectionString,
          max: connection.poolMax ?? 10,
        });
  if (ownsPool) {
    // An idle pooled client whose server connection drops emits 'error' on the pool.
    pool.on('error', () => undefined);
  }
  // Tells this store's own announcements apart from other processes' (see notifyText).
  const instanceId = randomUUID();
  const notifier = createPostgresNotifier({
    clientConfig: pool.options,
    channel: notifyChannel(schema),
    ownPayload: instanceId,
  });
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const subscriptions = new Set<{ stop(): Promise<void> }>();

  // Named statements are parsed once per connection; names carry the schema because one
  // connection may serve stores on several schemas.
  const statements = {
    append: {
      name: `es_append_${schema}`,
      text: `SELECT next_version::text AS next_version, tx::text AS tx, last_position::text AS last_position
        FROM ${s}.append_events($1, $2, $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], false)`,
    },
    appendBatch: {
      name: `es_append_batch_${schema}`,
      text: `SELECT append_index, outcome, next_version::text AS next_version, tx::text AS tx,
          last_position::text AS last_position
        FROM ${s}.append_batch($1::text[], $2::bigint[], $3::integer[], $4::uuid[], $5::text[],
          $6::jsonb[], $7::jsonb[])`,
    },
    ...(options.sideRows === undefined ? {} : sideRowStatements(schema, s, options.sideRows)),
    readStream: {
      name: `es_read_stream_${schema}`,
      text: `SELECT st.version::text AS current_version, ${EVENT_COLUMNS}
        FROM ${s}.streams st
        LEFT JOIN LATERAL (
          SELECT * FROM ${s}.events ev
          WHERE ev.stream_name = st.stream_name AND ev.stream_version >= $2
          ORDER BY ev.stream_version LIMIT $3
        ) e ON true
        WHERE st.stream_name = $1 AND st.version >= 0
        ORDER BY e.stream_version`,
    },
    readAll: {
      name: `es_read_all_${schema}`,
      text: `SELECT ${EVENT_COLUMNS} FROM ${s}.events e
        WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
          AND e.transaction_id < (SELECT ${s}.read_horizon())
        ORDER BY e.transaction_id, e.global_position
        LIMIT $3`,
    },
    head: {
      name: `es_head_${schema}`,
      text: `SELECT e.transaction_id::text AS transaction_id, e.global_position::text AS global_position
        FROM ${s}.events e
        WHERE e.transaction_id < (SELECT ${s}.read_horizon())
        ORDER BY e.transaction_id DESC, e.global_position DESC
        LIMIT 1`,
    },
    // The same without the horizon: committed rows are visible whatever is still open.
    committedHead: {
      name: `es_committed_head_${schema}`,
      text: `SELECT e.transaction_id::text AS transaction_id, e.global_position::text AS global_position
        FROM ${s}.events e
        ORDER BY e.transaction_id DESC, e.global_position DESC
        LIMIT 1`,
    },
  };

  // After-commit announcement (see append_events for why not inside the transaction): this
  // process's subscriptions are woken at once; other processes get a NOTIFY, at most one per
  // notifyIntervalMs with a trailing one, so a burst of appends costs a few NOTIFYs, not one each.
  const notifyText = `SELECT pg_notify(${pg.escapeLiteral(notifyChannel(schema))}, ${pg.escapeLiteral(instanceId)})`;
  const notifyIntervalMs = options.notifyIntervalMs ?? 5;
  let closed = false;
  let notifyPending = false;
  let notifyInFlight = false;
  let lastNotifyAt = 0;
  let notifyTimer: NodeJS.Timeout | null = null;
  const flushNotify = () => {
    if (closed || !notifyPending || notifyInFlight || notifyTimer) return;
    const wait = lastNotifyAt + notifyIntervalMs - Date.now();
    if (wait > 0) {
      notifyTimer = setTimeout(() => {
        notifyTimer = null;
        flushNotify();
      }, wait);
      notifyTimer.unref();
      return;
    }
    notifyPending = false;
    notifyInFlight = true;
    lastNotifyAt = Date.now();
    pool
      .query(notifyText)
      // A lost NOTIFY costs latency only: the fallback poll still finds the events.
      .catch(() => undefined)
      .finally(() => {
        notifyInFlight = false;
        flushNotify();
      });
  };
  const announce = () => {
    if (closed) return;
    notifier.wakeLocal();
    notifyPending = true;
    flushNotify();
  };

  const readAll = async ({ after, limit }: { after: Position | null; limit: number }) => {
    if (!Number.isInteger(limit) || limit < 1) {
      throw new RangeError(`limit must be a positive integer, got ${limit}`);
    }
    const from = decodePostgresPosition(after);
    const result = await pool.query<EventRow>({
      ...statements.readAll,
      values: [from.transactionId.toString(), from.globalPosition.toString(), limit],
    });
    return result.rows.map(toRecordedEvent);
  };
  /** The position of the one row `statement` selects (head or committed head), or null. */
  const lastPosition = async (statement: { name: string; text: string }) => {
    const result = await pool.query<{ transaction_id: string; global_position: string }>(statement);
    const row = result.rows[0];
    if (!row) return null;
    return encodePostgresPosition({
      transactionId: BigInt(row.transaction_id),
      globalPosition: BigInt(row.global_position),
    });
  };
  // The live subscriptions of this process read the newest events once between them.
  const tail = createSharedTail(readAll);
  // Registered with the first subscription: a wake-up handler starts the LISTEN connection.
  let stopTailWakes: (() => void) | null = null;

  const appendOne = async (request: AppendRequest): Promise<AppendResult> => {
    const values: unknown[] = [
      request.streamName,
      request.encodedExpected,
      request.ids,
      request.types,
      request.data,
      request.metadata,
    ];
    const statement =
      request.sideRow === undefined ? statements.append : sideRowStatement('appendWithSideRow');
    if (request.sideRow !== undefined) values.push(request.sideRow.key, request.sideRow.value);
    try {
      const result = await pool.query<{ next_version: string; tx: string; last_position: string }>({
        ...statement,
        values,
      });
      const row = result.rows[0];
      if (!row) throw new Error('append_events returned no row');
      announce();
      return appendResult(row);
    } catch (error) {
      if (isDatabaseError(error) && error.code === WRONG_EXPECTED_VERSION_SQLSTATE) {
        throw new WrongExpectedVersionError(
          request.streamName,
          request.expected,
          Number(error.detail),
        );
      }
      if (isDatabaseError(error) && error.code === PARTIAL_DUPLICATE_SQLSTATE) {
        throw new DuplicateEventIdsError(
          request.streamName,
          await storedEventIds(pool, s, request.ids),
        );
      }
      throw error;
    }
  };

  const appendBatch = async (
    requests: AppendRequest[],
  ): Promise<PromiseSettledResult<AppendResult>[]> => {
    const values: unknown[] = [
      requests.map((request) => request.streamName),
      requests.map((request) => request.encodedExpected),
      requests.map((request) => request.ids.length),
      requests.flatMap((request) => request.ids),
      requests.flatMap((request) => request.types),
      requests.flatMap((request) => request.data),
      requests.flatMap((request) => request.metadata),
    ];
    // Each side row with its member's 1-based index, as append_batch numbers them.
    const sideRows = requests.flatMap((request, index) =>
      request.sideRow === undefined ? [] : [{ ...request.sideRow, index: index + 1 }],
    );
    if (sideRows.length > 0) {
      values.push(
        sideRows.map((row) => row.key),
        sideRows.map((row) => row.value),
        sideRows.map((row) => row.index),
      );
    }
    const result = await pool.query<AppendBatchRow>({
      ...(sideRows.length > 0
        ? sideRowStatement('appendBatchWithSideRows')
        : statements.appendBatch),
      values,
    });
    const rows = new Map(result.rows.map((row) => [row.append_index - 1, row]));
    if (result.rows.some((row) => row.outcome === 'ok')) announce();
    return Promise.allSettled(
      requests.map(async (request, index) => {
        const row = rows.get(index);
        if (row?.outcome === 'ok') return appendResult(row);
        if (row?.outcome === 'conflict') {
          throw new WrongExpectedVersionError(
            request.streamName,
            request.expected,
            Number(row.next_version),
          );
        }
        // 'single' (some ids already stored): append_events tells a retry from a clash.
        return appendOne(request);
      }),
    );
  };

  const appends = createAppendBatcher<AppendRequest, AppendResult>({
    runBatch: appendBatch,
    runOne: appendOne,
    maxInFlight: options.appendsInFlight ?? DEFAULT_APPENDS_IN_FLIGHT,
    maxWeight: MAX_EVENTS_PER_BATCH,
    weight: (request) => request.ids.length,
  });

  function sideRowStatement(name: 'appendWithSideRow' | 'appendBatchWithSideRows') {
    const statement = statements[name];
    if (statement === undefined) {
      throw new Error('This store has no side-row table (PostgresEventStoreOptions.sideRows)');
    }
    return statement;
  }

  const encodeAppend = (
    streamName: string,
    events: NewEvent[],
    appendOptions: { expectedVersion?: ExpectedVersion },
  ): AppendRequest => {
    assertAppendable(streamName, events);
    const expected = appendOptions.expectedVersion ?? 'any';
    return {
      streamName,
      expected,
      encodedExpected: encodeExpected(expected),
      ids: events.map((event) => event.id),
      types: events.map((event) => event.type),
      data: events.map((event) => JSON.stringify(event.data)),
      metadata: events.map((event) => JSON.stringify(event.metadata)),
    };
  };

  return {
    async append(streamName, events, appendOptions = {}): Promise<AppendResult> {
      return appends.send(encodeAppend(streamName, events, appendOptions));
    },

    // Only with a side-row table: canAppendSideRows then tells callers which store they have.
    ...(options.sideRows === undefined
      ? {}
      : {
          async appendWithSideRow(
            streamName: string,
            events: NewEvent[],
            appendOptions: { expectedVersion?: ExpectedVersion },
            row: SideRow,
          ): Promise<AppendResult> {
            return appends.send({
              ...encodeAppend(streamName, events, appendOptions),
              sideRow: row,
            });
          },
        }),

    async readStream(streamName, readOptions = {}): Promise<ReadStreamResult> {
      const fromVersion = readOptions.fromVersion ?? 0;
      const result = await pool.query<EventRow & { current_version: string }>({
        ...statements.readStream,
        values: [streamName, fromVersion, readOptions.maxCount ?? null],
      });
      const first = result.rows[0];
      if (!first) return { events: [], currentVersion: NO_STREAM };
      // The LEFT JOIN yields one all-null event row when the range is empty.
      const events = result.rows.filter((row) => row.event_id !== null).map(toRecordedEvent);
      return { events, currentVersion: Number(first.current_version) };
    },

    readAll,

    subscribe(subscribeOptions, handler) {
      stopTailWakes ??= notifier.onWake(() => tail.woke());
      const subscription = startPollingSubscription(
        { readAll: tail.readAll, onWake: (wake) => notifier.onWake(wake), pollIntervalMs },
        subscribeOptions,
        handler,
      );
      subscriptions.add(subscription);
      subscription.done.then(
        () => subscriptions.delete(subscription),
        () => subscriptions.delete(subscription),
      );
      return subscription;
    },

    headPosition: () => lastPosition(statements.head),
    committedHeadPosition: () => lastPosition(statements.committedHead),

    async close() {
      closed = true;
      if (notifyTimer) clearTimeout(notifyTimer);
      stopTailWakes?.();
      await Promise.all([...subscriptions].map((subscription) => subscription.stop()));
      await notifier.close();
      if (ownsPool) await pool.end();
    },
  };
}

/** The append statements with a side-row insert before them, in the same statement. */
function sideRowStatements(schema: string, s: string, table: SideRowTable) {
  const identifier = /^[a-z_][a-z0-9_]{0,62}$/;
  for (const name of [table.table, table.keyColumn, table.valueColumn]) {
    if (!identifier.test(name))
      throw new TypeError(`Invalid side-row name: ${JSON.stringify(name)}`);
  }
  const into = `${pg.escapeIdentifier(table.table)} (${pg.escapeIdentifier(table.keyColumn)}, ${pg.escapeIdentifier(table.valueColumn)})`;
  return {
    appendWithSideRow: {
      name: `es_append_side_${schema}`,
      text: `WITH side AS (INSERT INTO ${into} VALUES ($7::text, $8::bytea))
        SELECT next_version::text AS next_version, tx::text AS tx, last_position::text AS last_position
        FROM ${s}.append_events($1, $2, $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[], false)`,
    },
    // Only the rows of members the batch stored: one it refuses ('conflict', 'single') goes
    // on alone (or fails) with its row.
    appendBatchWithSideRows: {
      name: `es_append_batch_side_${schema}`,
      text: `WITH appended AS (
          SELECT append_index, outcome, next_version::text AS next_version, tx::text AS tx,
            last_position::text AS last_position
          FROM ${s}.append_batch($1::text[], $2::bigint[], $3::integer[], $4::uuid[], $5::text[],
            $6::jsonb[], $7::jsonb[])
        ), side AS (
          INSERT INTO ${into}
          SELECT row.k, row.v FROM unnest($8::text[], $9::bytea[], $10::integer[]) AS row(k, v, i)
          JOIN appended ON appended.append_index = row.i AND appended.outcome = 'ok'
        )
        SELECT * FROM appended`,
    },
  };
}

function appendResult(row: { next_version: string; tx: string; last_position: string }) {
  return {
    nextExpectedVersion: Number(row.next_version),
    position: encodePostgresPosition({
      transactionId: BigInt(row.tx),
      globalPosition: BigInt(row.last_position),
    }),
  };
}

function encodeExpected(expected: ExpectedVersion): number {
  if (expected === 'any') return EXPECTED_ANY;
  if (expected === 'stream_exists') return EXPECTED_STREAM_EXISTS;
  if (!Number.isInteger(expected) || expected < NO_STREAM) {
    throw new RangeError(`Invalid expected version: ${expected}`);
  }
  return expected;
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    streamVersion: Number(row.stream_version),
    position: encodePostgresPosition({
      transactionId: BigInt(row.transaction_id),
      globalPosition: BigInt(row.global_position),
    }),
    recordedAt: row.recorded_at,
  };
}

/** Which of these ids the store holds: what a DuplicateEventIdsError names. */
async function storedEventIds(pool: pg.Pool, s: string, ids: string[]): Promise<string[]> {
  const result = await pool.query<{ id: string }>({
    text: `SELECT event_id::text AS id FROM ${s}.events WHERE event_id = ANY ($1::uuid[])
      ORDER BY array_position($1::uuid[], event_id)`,
    values: [ids],
  });
  return result.rows.map((row) => row.id);
}

function isDatabaseError(error: unknown): error is pg.DatabaseError {
  return error instanceof pg.DatabaseError;
}
