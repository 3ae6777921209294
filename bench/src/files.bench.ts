import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  createLocalDiskFileStorage,
  type FileStorageAdapter,
  migrateApiTables,
  openPostgresFileStorage,
  openS3FileStorage,
} from '@shortlist/api';
import { S3_TEST_CREDENTIALS, startS3TestServer } from '@shortlist/api/testing';
import { createTestDatabase } from '@shortlist/eventstore/testing';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { fmt, now, percentile, printTable, type Row } from './bench-stats';

/*
 * npm run bench:files — put and get of a 10 MB document (the upload cap) through each file
 * storage adapter, beside the plainest way to do the same on the same backend in the same run:
 * fs streams to a file (local disk), one INSERT / SELECT of the whole bytea (PostgreSQL), one
 * PutObject / GetObject of the whole buffer (S3, against s3rver on this machine). Also the peak
 * live Buffer memory each used above the 10 MB source itself (sampled in runs of their own): the
 * baselines hold the whole file at once, the adapters a bounded piece. Printed, not asserted.
 */
const SIZE = 10 * 1024 * 1024;
const RUNS = 7;
const content = randomBytes(SIZE);

/** The upload as the multipart parser hands it over: 64 KiB pieces of one buffer. */
function upload(): Readable {
  return Readable.from(
    (function* () {
      for (let offset = 0; offset < SIZE; offset += 64 * 1024) {
        yield content.subarray(offset, offset + 64 * 1024);
      }
    })(),
  );
}

async function drain(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Uint8Array).length;
  return bytes;
}

interface Measured {
  putMs: number;
  getMs: number;
  /** Peak live Buffer memory above the level before the operation, MB. */
  putPeakMb: number;
  getPeakMb: number;
}

/**
 * The peak of live Buffer memory while `work` runs, above the level before it: every 5 ms a
 * full GC (node --expose-gc), then process.memoryUsage().arrayBuffers. Slow, so it has runs of
 * its own, apart from the timed ones; a peak shorter than 5 ms (a baseline's whole-file buffer
 * made just before it returns) may go unseen, so the figures are a floor.
 */
async function livePeakMb(work: () => Promise<void>): Promise<number> {
  const gc = globalThis.gc;
  if (gc === undefined) return Number.NaN;
  gc();
  const base = process.memoryUsage().arrayBuffers;
  let peak = base;
  const timer = setInterval(() => {
    gc();
    peak = Math.max(peak, process.memoryUsage().arrayBuffers);
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return (peak - base) / 1024 / 1024;
}

/** RUNS timed rounds of put + get (after one warm-up), medians; then one sampled round. */
async function measure(
  put: () => Promise<string>,
  get: (id: string) => Promise<void>,
  remove: (id: string) => Promise<void>,
): Promise<Measured> {
  const puts: number[] = [];
  const gets: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    let start = now();
    const id = await put();
    const putMs = now() - start;
    start = now();
    await get(id);
    const getMs = now() - start;
    await remove(id);
    if (run > 0) {
      puts.push(putMs);
      gets.push(getMs);
    }
  }
  let id = '';
  const putPeakMb = await livePeakMb(async () => {
    id = await put();
  });
  const getPeakMb = await livePeakMb(() => get(id));
  await remove(id);
  return {
    putMs: percentile(
      puts.sort((a, b) => a - b),
      50,
    ),
    getMs: percentile(
      gets.sort((a, b) => a - b),
      50,
    ),
    putPeakMb,
    getPeakMb,
  };
}

const viaAdapter = (storage: FileStorageAdapter) =>
  measure(
    () => storage.put(upload()),
    async (id) => {
      const stored = await storage.get(id);
      if (stored === null || (await drain(stored.stream)) !== SIZE) throw new Error('short read');
    },
    (id) => storage.delete(id),
  );

function rows(name: string, ours: Measured, base: Measured): Row[] {
  const mbps = (ms: number) => `${fmt(SIZE / 1024 / 1024 / (ms / 1000), 0)} MB/s`;
  const line = (
    what: 'put' | 'get',
    oursMs: number,
    baseMs: number,
    peakMb: number,
    basePeak: number,
  ) => ({
    name: `${name} ${what} 10 MB`,
    value: `${fmt(oursMs, 1)} ms (${mbps(oursMs)}, peak +${fmt(peakMb, 1)} MB)`,
    baseline: `${fmt(baseMs, 1)} ms (${mbps(baseMs)}, peak +${fmt(basePeak, 1)} MB)`,
    ratio: `${fmt(baseMs / oursMs, 2)}× speed`,
  });
  return [
    line('put', ours.putMs, base.putMs, ours.putPeakMb, base.putPeakMb),
    line('get', ours.getMs, base.getMs, ours.getPeakMb, base.getPeakMb),
  ];
}

async function main(): Promise<void> {
  const table: Row[] = [];

  // Local disk against fs streams to a file.
  const dir = await mkdtemp(join(tmpdir(), 'shortlist-bench-files-'));
  try {
    const local = createLocalDiskFileStorage({ root: join(dir, 'files') });
    const ours = await viaAdapter(local);
    let n = 0;
    const base = await measure(
      async () => {
        const path = join(dir, `plain-${n++}`);
        await pipeline(upload(), createWriteStream(path));
        return path;
      },
      async (path) => {
        await drain(createReadStream(path));
      },
      (path) => rm(path, { force: true }),
    );
    table.push(...rows('local disk', ours, base));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  // PostgreSQL against one INSERT / SELECT of the whole file.
  const database = await createTestDatabase('bench_files');
  const pool = new pg.Pool({ connectionString: database.url, max: 2 });
  const db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  try {
    await migrateApiTables(db);
    await pool.query('CREATE TABLE plain_files (id serial PRIMARY KEY, data bytea NOT NULL)');
    await pool.query('ALTER TABLE plain_files ALTER COLUMN data SET STORAGE EXTERNAL');
    const postgres = await openPostgresFileStorage({ connectionString: database.url });
    const ours = await viaAdapter(postgres);
    await postgres.close();
    const base = await measure(
      async () => {
        // The whole upload gathered into one buffer, then one statement.
        const chunks: Buffer[] = [];
        for await (const chunk of upload()) chunks.push(chunk as Buffer);
        const { rows: inserted } = await pool.query<{ id: number }>(
          'INSERT INTO plain_files (data) VALUES ($1) RETURNING id',
          [Buffer.concat(chunks)],
        );
        return String(inserted[0]?.id);
      },
      async (id) => {
        const { rows: found } = await pool.query<{ data: Buffer }>(
          'SELECT data FROM plain_files WHERE id = $1',
          [id],
        );
        if (found[0]?.data.length !== SIZE) throw new Error('short read');
      },
      async (id) => {
        await pool.query('DELETE FROM plain_files WHERE id = $1', [id]);
      },
    );
    table.push(...rows('PostgreSQL', ours, base));
  } finally {
    await db.destroy();
    await database.drop();
  }

  // S3 against one PutObject / GetObject of the whole buffer, on the same s3rver.
  const server = await startS3TestServer();
  const client = new S3Client({
    region: 'us-east-1',
    endpoint: server.endpoint,
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  });
  try {
    const bucket = await server.createBucket();
    const s3 = await openS3FileStorage({
      bucket,
      keyPrefix: 'files/',
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    });
    const ours = await viaAdapter(s3);
    await s3.close();
    let n = 0;
    const base = await measure(
      async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of upload()) chunks.push(chunk as Buffer);
        const key = `plain/${n++}`;
        await client.send(
          new PutObjectCommand({ Bucket: bucket, Key: key, Body: Buffer.concat(chunks) }),
        );
        return key;
      },
      async (key) => {
        const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const bytes = await answer.Body?.transformToByteArray();
        if (bytes?.length !== SIZE) throw new Error('short read');
      },
      async () => {},
    );
    table.push(...rows('S3 (s3rver)', ours, base));
  } finally {
    client.destroy();
    await server.close();
  }

  console.log(
    `bench:files — 10 MB, median of ${RUNS} runs each; baseline = the plain way on the same backend`,
  );
  printTable(table);
}

await main();
