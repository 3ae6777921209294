import pg from 'pg';

export const DEFAULT_SCHEMA = 'eventstore';

/** SQLSTATE raised by append_events when the expected version does not match (DETAIL = actual). */
export const WRONG_EXPECTED_VERSION_SQLSTATE = 'ES409';
/** SQLSTATE raised when only some of the appended event ids are already stored. */
export const PARTIAL_DUPLICATE_SQLSTATE = 'ES422';

/** How ExpectedVersion travels to append_events: numbers >= -1 as they are, the words as these. */
export const EXPECTED_ANY = -2;
export const EXPECTED_STREAM_EXISTS = -3;

/**
 * Identifiers cannot be bound as parameters, so the schema name is spliced into DDL; it is
 * therefore restricted to a plain lower-case identifier and quoted as well.
 */
export function schemaIdentifier(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new TypeError(`Invalid event-store schema name: ${JSON.stringify(schema)}`);
  }
  return pg.escapeIdentifier(schema);
}

/** NOTIFY channel that append_events signals on commit. */
export function notifyChannel(schema: string): string {
  return `${schema}_events`;
}

function migrationSql(schema: string): string {
  const s = schemaIdentifier(schema);
  const channel = notifyChannel(schema);
  return `
CREATE SCHEMA IF NOT EXISTS ${s};

CREATE TABLE IF NOT EXISTS ${s}.streams (
  stream_name text PRIMARY KEY,
  version bigint NOT NULL
);

-- The primary key is the global order, (transaction_id, global_position): readAll walks it, and
-- a separate key on global_position alone would be one more index to maintain on every append.
CREATE TABLE IF NOT EXISTS ${s}.events (
  global_position bigserial NOT NULL,
  transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_name text NOT NULL,
  stream_version bigint NOT NULL,
  event_id uuid NOT NULL UNIQUE,
  type text NOT NULL,
  data jsonb NOT NULL,
  metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (stream_name, stream_version),
  PRIMARY KEY (transaction_id, global_position)
);

-- Events of transactions below this id are final for the calling statement's snapshot (see
-- postgres-event-store.adapter.ts). It is the snapshot's xmin, except that transactions running
-- in other databases of the cluster are skipped: they cannot write to this table, and without
-- this one idle transaction next door would stall every reader here. A transaction that has
-- ended since the snapshot is no longer listed and so is kept, which errs on the safe side.
CREATE OR REPLACE FUNCTION ${s}.read_horizon() RETURNS xid8
LANGUAGE sql STABLE AS $fn$
  WITH elsewhere AS MATERIALIZED (
    SELECT a.backend_xid FROM pg_stat_get_activity(NULL) a
    WHERE a.backend_xid IS NOT NULL
      AND a.datid <> (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
  )
  SELECT coalesce(
    (SELECT min(x.id) FROM pg_snapshot_xip(pg_current_snapshot()) AS x(id)
      WHERE xid(x.id) NOT IN (SELECT e.backend_xid FROM elsewhere e)),
    pg_snapshot_xmax(pg_current_snapshot()))
$fn$;

-- The answer of an earlier append of exactly these event ids to this stream, or no row.
CREATE OR REPLACE FUNCTION ${s}.appended_before(p_stream_name text, p_event_ids uuid[])
RETURNS TABLE (next_version bigint, tx xid8, last_position bigint)
LANGUAGE sql STABLE AS $fn$
  SELECT max(e.stream_version), min(e.transaction_id), max(e.global_position)
  FROM ${s}.events e
  WHERE e.event_id = ANY (p_event_ids)
  HAVING count(*) = cardinality(p_event_ids) AND bool_and(e.stream_name = p_stream_name)
$fn$;

-- A first draft had no p_notify; its six-argument overload would make calls ambiguous.
DROP FUNCTION IF EXISTS ${s}.append_events(text, bigint, uuid[], text[], jsonb[], jsonb[]);

CREATE OR REPLACE FUNCTION ${s}.append_events(
  p_stream_name text,
  p_expected_version bigint,
  p_event_ids uuid[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[],
  p_notify boolean DEFAULT true
) RETURNS TABLE (next_version bigint, tx xid8, last_position bigint)
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_count integer := coalesce(cardinality(p_event_ids), 0);
  v_version bigint;
  v_inserted integer;
  v_last bigint;
BEGIN
  IF v_count = 0 OR cardinality(p_types) IS DISTINCT FROM v_count
     OR cardinality(p_data) IS DISTINCT FROM v_count
     OR cardinality(p_metadata) IS DISTINCT FROM v_count THEN
    RAISE EXCEPTION 'append_events: event arrays must be non-empty and of equal length'
      USING ERRCODE = '22023';
  END IF;

  -- The stream row is the lock that serialises appends to one stream. Under READ COMMITTED every
  -- statement below takes a fresh snapshot, so after waiting here it sees what the previous
  -- holder committed (its events included, which the idempotency check relies on).
  SELECT s.version INTO v_version FROM ${s}.streams s WHERE s.stream_name = p_stream_name FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO ${s}.streams (stream_name, version) VALUES (p_stream_name, -1)
      ON CONFLICT (stream_name) DO NOTHING;
    SELECT s.version INTO v_version FROM ${s}.streams s
      WHERE s.stream_name = p_stream_name FOR UPDATE;
  END IF;

  IF (p_expected_version >= -1 AND v_version <> p_expected_version)
     OR (p_expected_version = ${EXPECTED_STREAM_EXISTS} AND v_version < 0) THEN
    -- A retry of an append that succeeded (same event ids) answers what the first one did
    -- rather than a version error: the first append is what moved the version on.
    RETURN QUERY SELECT * FROM ${s}.appended_before(p_stream_name, p_event_ids);
    IF FOUND THEN
      RETURN;
    END IF;
    RAISE EXCEPTION 'append_events: wrong expected version'
      USING ERRCODE = '${WRONG_EXPECTED_VERSION_SQLSTATE}', DETAIL = v_version::text;
  ELSIF p_expected_version < ${EXPECTED_STREAM_EXISTS} THEN
    RAISE EXCEPTION 'append_events: unknown expected version %', p_expected_version
      USING ERRCODE = '22023';
  END IF;

  -- ON CONFLICT keeps the idempotency check off the common path: no extra lookup unless an id
  -- is already stored.
  WITH inserted AS (
    INSERT INTO ${s}.events (stream_name, stream_version, event_id, type, data, metadata)
    SELECT p_stream_name, v_version + u.ord, u.id, u.type, u.data, u.metadata
    FROM unnest(p_event_ids, p_types, p_data, p_metadata)
      WITH ORDINALITY AS u(id, type, data, metadata, ord)
    ORDER BY u.ord
    ON CONFLICT (event_id) DO NOTHING
    RETURNING global_position
  )
  SELECT count(*)::integer, max(i.global_position) INTO v_inserted, v_last FROM inserted i;

  IF v_inserted < v_count THEN
    IF v_inserted = 0 THEN
      -- A retry with a version that still matches ('any', or a stream that has not moved).
      RETURN QUERY SELECT * FROM ${s}.appended_before(p_stream_name, p_event_ids);
      IF FOUND THEN
        RETURN;
      END IF;
    END IF;
    RAISE EXCEPTION 'append_events: some of these event ids are already stored'
      USING ERRCODE = '${PARTIAL_DUPLICATE_SQLSTATE}';
  END IF;

  UPDATE ${s}.streams SET version = v_version + v_count WHERE stream_name = p_stream_name;

  -- Delivered on commit only, so a listener never wakes for a rolled-back append. The adapter
  -- passes false and notifies after commit instead: a transaction that has called NOTIFY holds
  -- a cluster-wide lock from pre-commit until it ends, so in-transaction notifies serialise
  -- every committing appender behind one another's WAL flush (measured: appends ~4x slower
  -- than reads at 32 writers). Callers running the function inside their own transaction keep
  -- the default.
  IF p_notify THEN
    PERFORM pg_notify('${channel}', '');
  END IF;

  RETURN QUERY SELECT v_version + v_count, pg_current_xact_id(), v_last;
END
$fn$;

-- Several appends, to one or many streams, in one transaction: what the adapter sends when
-- appends queue up behind one in flight (postgres-append-batcher.ts). Each append is checked
-- against its own expected version under its stream's row lock exactly as append_events checks
-- it, and each gets its own answer row instead of an exception, so one refused append does not
-- undo the others: 'ok' (appended, or the earlier answer of a retry with the same ids),
-- 'conflict' (next_version holds the stream's version), or 'single' (some of its ids are already
-- stored: what it inserted is taken back and the adapter re-sends it alone to append_events,
-- whose exceptions say which case it is). Streams are locked in name order, the same order in
-- every call, so two batches never wait on each other in a cycle. The appends' events are the
-- concatenation of their slices of p_event_ids (p_counts[i] each), like append_events' arrays.
CREATE OR REPLACE FUNCTION ${s}.append_batch(
  p_stream_names text[],
  p_expected_versions bigint[],
  p_counts integer[],
  p_event_ids uuid[],
  p_types text[],
  p_data jsonb[],
  p_metadata jsonb[]
) RETURNS TABLE (
  append_index integer, outcome text, next_version bigint, tx xid8, last_position bigint
)
LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE
  v_total integer := coalesce(cardinality(p_event_ids), 0);
  v_tx xid8 := pg_current_xact_id();
  r record;
  v_ids uuid[];
  v_version bigint;
  v_inserted integer;
  v_last bigint;
  v_positions bigint[];
BEGIN
  IF coalesce(cardinality(p_stream_names), 0) = 0
     OR cardinality(p_expected_versions) IS DISTINCT FROM cardinality(p_stream_names)
     OR cardinality(p_counts) IS DISTINCT FROM cardinality(p_stream_names)
     OR (SELECT sum(c) FROM unnest(p_counts) c) IS DISTINCT FROM v_total::bigint
     OR (SELECT min(c) FROM unnest(p_counts) c) < 1
     OR cardinality(p_types) IS DISTINCT FROM v_total
     OR cardinality(p_data) IS DISTINCT FROM v_total
     OR cardinality(p_metadata) IS DISTINCT FROM v_total
     OR (SELECT min(e) FROM unnest(p_expected_versions) e) < ${EXPECTED_STREAM_EXISTS} THEN
    RAISE EXCEPTION 'append_batch: malformed batch' USING ERRCODE = '22023';
  END IF;

  FOR r IN
    SELECT a.idx::integer AS idx, a.name, a.expected, a.cnt,
      (sum(a.cnt) OVER (ORDER BY a.idx) - a.cnt + 1)::integer AS first
    FROM unnest(p_stream_names, p_expected_versions, p_counts) WITH ORDINALITY AS a(name, expected, cnt, idx)
    ORDER BY a.name, a.idx
  LOOP
    v_ids := p_event_ids[r.first : r.first + r.cnt - 1];
    -- Takes the stream's row lock and moves its version on in one statement; the version it
    -- had is the one checked. A refused append puts it back (the lock is held until commit).
    INSERT INTO ${s}.streams AS st (stream_name, version) VALUES (r.name, r.cnt - 1)
      ON CONFLICT (stream_name) DO UPDATE SET version = st.version + r.cnt
      RETURNING st.version - r.cnt INTO v_version;

    IF (r.expected >= -1 AND v_version <> r.expected)
       OR (r.expected = ${EXPECTED_STREAM_EXISTS} AND v_version < 0) THEN
      UPDATE ${s}.streams SET version = v_version WHERE stream_name = r.name;
      RETURN QUERY
        SELECT r.idx, 'ok'::text, b.next_version, b.tx, b.last_position
        FROM ${s}.appended_before(r.name, v_ids) b;
      IF NOT FOUND THEN
        RETURN QUERY SELECT r.idx, 'conflict'::text, v_version, NULL::xid8, NULL::bigint;
      END IF;
      CONTINUE;
    END IF;

    WITH inserted AS (
      INSERT INTO ${s}.events (stream_name, stream_version, event_id, type, data, metadata)
      SELECT r.name, v_version + u.ord, u.id, u.type, u.data, u.metadata
      FROM unnest(v_ids, p_types[r.first : r.first + r.cnt - 1],
        p_data[r.first : r.first + r.cnt - 1], p_metadata[r.first : r.first + r.cnt - 1])
        WITH ORDINALITY AS u(id, type, data, metadata, ord)
      ORDER BY u.ord
      ON CONFLICT (event_id) DO NOTHING
      RETURNING global_position
    )
    SELECT count(*)::integer, max(i.global_position), array_agg(i.global_position)
      INTO v_inserted, v_last, v_positions FROM inserted i;

    IF v_inserted < r.cnt THEN
      -- Rows of this append only (by position: an id may also be another append's in this batch).
      DELETE FROM ${s}.events e
        WHERE e.transaction_id = v_tx AND e.global_position = ANY (coalesce(v_positions, '{}'));
      UPDATE ${s}.streams SET version = v_version WHERE stream_name = r.name;
      RETURN QUERY SELECT r.idx, 'single'::text, NULL::bigint, NULL::xid8, NULL::bigint;
      CONTINUE;
    END IF;

    RETURN QUERY SELECT r.idx, 'ok'::text, v_version + r.cnt, v_tx, v_last;
  END LOOP;
END
$fn$;
`;
}

/**
 * Creates or updates the event-store schema. Idempotent, and safe to run from several processes
 * at once: CREATE ... IF NOT EXISTS alone races on the catalogue (duplicate key in pg_type), so
 * the whole migration runs under a transaction-scoped advisory lock.
 */
export async function migratePostgresEventStore(
  target: pg.Pool | string,
  schema: string = DEFAULT_SCHEMA,
): Promise<void> {
  const sql = migrationSql(schema);
  if (typeof target !== 'string') {
    const client = await target.connect();
    try {
      await migrateWith(client, sql, schema);
    } finally {
      client.release();
    }
    return;
  }
  const client = new pg.Client({ connectionString: target });
  await client.connect();
  try {
    await migrateWith(client, sql, schema);
  } finally {
    await client.end();
  }
}

async function migrateWith(client: pg.ClientBase, sql: string, schema: string): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`eventstore:${schema}`]);
    await client.query(sql);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}
