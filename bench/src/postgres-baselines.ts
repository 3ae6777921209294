import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { now, percentile, rateOver } from './bench-stats';

/**
 * What the same database does without an event store in the way: the ceilings our figures are
 * divided by. The plain table carries the same payload shape as an event row.
 */
export async function createBaselineTable(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE TABLE IF NOT EXISTS baseline_rows (
      id bigserial PRIMARY KEY,
      event_id uuid NOT NULL,
      type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now()
    )`);
  } finally {
    await client.end();
  }
}

export function samplePayload(n: number) {
  return {
    data: { by: 1, total: n, note: 'benchmark payload of a typical small event' },
    metadata: {
      actor: 'bench',
      correlationId: randomUUID(),
      causationId: randomUUID(),
      at: new Date().toISOString(),
    },
  };
}

/**
 * Single-row INSERTs, each its own transaction, from `concurrency` connections: the rate and
 * each INSERT's latency (p50, p99), the ceiling a single-event command is held against.
 */
export async function insertRate(url: string, concurrency: number, durationMs: number) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  const latencies: number[] = [];
  try {
    const rate = await rateOver(durationMs, concurrency, async (_, i) => {
      const { data, metadata } = samplePayload(i);
      const started = now();
      await pool.query({
        name: 'baseline_insert',
        text: 'INSERT INTO baseline_rows (event_id, type, data, metadata) VALUES ($1, $2, $3, $4)',
        values: [randomUUID(), 'Incremented', data, metadata],
      });
      latencies.push(now() - started);
      return 1;
    });
    latencies.sort((a, b) => a - b);
    return { ...rate, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  } finally {
    await pool.end();
  }
}

/** COPY ... FROM STDIN of `rows` rows through one connection: the bulk-load ceiling. */
export async function copyRate(url: string, rows: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const stream = client.query(
      copyFrom('COPY baseline_rows (event_id, type, data, metadata) FROM STDIN'),
    );
    await pipeline(Readable.from(copyLines(rows)), stream);
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: rows / seconds, count: rows, seconds };
  } finally {
    await client.end();
  }
}

function* copyLines(rows: number): Generator<string> {
  const chunk: string[] = [];
  for (let i = 0; i < rows; i++) {
    const { data, metadata } = samplePayload(i);
    chunk.push(
      `${randomUUID()}\tIncremented\t${escapeCopy(JSON.stringify(data))}\t${escapeCopy(JSON.stringify(metadata))}\n`,
    );
    if (chunk.length === 1_000) yield chunk.splice(0).join('');
  }
  if (chunk.length > 0) yield chunk.join('');
}

/** COPY text format: backslash is the escape character. */
function escapeCopy(text: string): string {
  return text.replace(/\\/g, '\\\\');
}

/** Keyset pages over the plain table, as readAll pages over events. */
export async function scanRate(url: string, pageSize: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    let after = '0';
    let count = 0;
    for (;;) {
      // The alias must differ from the column: ORDER BY id would sort by the text alias.
      const { rows } = await client.query<{ position: string }>({
        name: 'baseline_scan',
        text: `SELECT b.id::text AS position, b.event_id, b.type, b.data, b.metadata, b.recorded_at
               FROM baseline_rows b WHERE b.id > $1 ORDER BY b.id LIMIT $2`,
        values: [after, pageSize],
      });
      const last = rows.at(-1);
      if (!last) break;
      count += rows.length;
      after = last.position;
    }
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: count / seconds, count, seconds };
  } finally {
    await client.end();
  }
}

export async function vacuumAnalyze(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('VACUUM (ANALYZE) baseline_rows, eventstore.events, eventstore.streams');
  } finally {
    await client.end();
  }
}
