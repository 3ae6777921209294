import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import { createKysely } from '@shortlist/projections';
import { type Kysely, sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileStorageAdapter } from '../../../files/file-storage.port';
import { createLocalDiskFileStorage } from '../../../files/local-disk.file-storage';
import { openPostgresFileStorage } from '../../../files/postgres.file-storage';
import { openS3FileStorage } from '../../../files/s3.file-storage';
import {
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from '../../../files/testing/s3-test-server';
import { migrateApiTables } from '../../../migrations/migrate-api';
import { runFilesCommand } from './files-command';

let database: TestDatabase;
// biome-ignore lint/suspicious/noExplicitAny: the test reads the storage tables by hand
let db: Kysely<any>;
let dataDir: string;
let local: FileStorageAdapter;
let postgres: FileStorageAdapter;

beforeAll(async () => {
  database = await createTestDatabase('files_move');
  db = createKysely({ connectionString: database.url, poolMax: 2 });
  await migrateApiTables(db);
});

afterAll(async () => {
  await db?.destroy();
  await database?.drop();
});

beforeEach(async () => {
  await sql`TRUNCATE stored_files, stored_file_chunks, file_moves`.execute(db);
  dataDir = await mkdtemp(join(tmpdir(), 'shortlist-move-'));
  local = createLocalDiskFileStorage({ root: join(dataDir, 'files') });
  postgres = await openPostgresFileStorage({ connectionString: database.url });
});

afterEach(async () => {
  await postgres.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function files(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runFilesCommand(
    args,
    { DATABASE_URL: database.url, DATA_DIR: dataDir, ...extraEnv },
    { out: (line) => out.push(line), err: (line) => err.push(line) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
let extraEnv: Record<string, string> = {};

const put = (storage: FileStorageAdapter, content: Buffer) => storage.put(Readable.from([content]));

async function contentOf(storage: FileStorageAdapter, fileId: string): Promise<Buffer | null> {
  const stored = await storage.get(fileId);
  if (stored === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

async function idsOf(storage: FileStorageAdapter): Promise<string[]> {
  const ids: string[] = [];
  for await (const id of storage.list()) ids.push(id);
  return ids.sort();
}

describe('npm run files -- move', () => {
  it('copies every file from local disk into PostgreSQL, verified, leaving the source alone', async () => {
    const contents = [randomBytes(1000), randomBytes(6 * 1024 * 1024), Buffer.alloc(0)];
    const ids = await Promise.all(contents.map((content) => put(local, content)));

    const run = await files('move', '--from', 'local', '--to', 'postgres');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain(`3 copied (${1000 + 6 * 1024 * 1024} bytes), 0 already there`);
    for (const [i, fileId] of ids.entries()) {
      expect((await contentOf(postgres, fileId))?.equals(contents[i] ?? Buffer.alloc(1))).toBe(
        true,
      );
    }
    expect(await idsOf(local)).toEqual([...ids].sort());

    // Again: nothing copied twice.
    const again = await files('move', '--from', 'local', '--to', 'postgres');
    expect(again.code).toBe(0);
    expect(again.out).toContain('0 copied (0 bytes), 3 already there, 0 source copies deleted');
  });

  it('adopts an identical file a stopped run left at the target; reports a different one', async () => {
    const same = randomBytes(5000);
    const sameId = await put(local, same);
    await postgres.putWithId(sameId, Readable.from([same]));
    const differentId = await put(local, randomBytes(5000));
    const other = randomBytes(5000);
    await postgres.putWithId(differentId, Readable.from([other]));

    const run = await files('move', '--from', 'local', '--to', 'postgres', '--delete-source');
    expect(run.code).toBe(1);
    expect(run.out).toContain(
      `${differentId}: a different file with this id is already at the target`,
    );
    expect(run.out).toContain('0 copied (0 bytes), 1 already there, 1 source copies deleted');
    expect(await idsOf(local)).toEqual([differentId]);
    expect((await contentOf(postgres, differentId))?.equals(other)).toBe(true);
    expect((await contentOf(postgres, sameId))?.equals(same)).toBe(true);
  });

  it('keeps erased files erased on both sides', async () => {
    const [erasedAtSource, erasedAtTarget, kept] = await Promise.all(
      [1, 2, 3].map(() => put(local, randomBytes(2000))),
    );
    if (!erasedAtSource || !erasedAtTarget || !kept) throw new Error('no files');
    expect((await files('move', '--from', 'local', '--to', 'postgres')).code).toBe(0);
    // Retention erases one order's file while local disk is still in use, and another's after
    // the switch to PostgreSQL.
    await local.delete(erasedAtSource);
    await postgres.delete(erasedAtTarget);

    const plain = await files('move', '--from', 'local', '--to', 'postgres');
    expect(plain.code).toBe(0);
    expect(plain.out).toContain('1 erased at the target since they were copied: not copied again');
    expect(plain.out).toContain('1 copied earlier are gone from the source');
    expect(await idsOf(postgres)).toEqual([erasedAtSource, kept].sort());

    const following = await files(
      'move',
      '--from',
      'local',
      '--to',
      'postgres',
      '--follow-erasures',
    );
    expect(following.out).toContain('1 erased at the source since: deleted at the target');
    expect(await idsOf(postgres)).toEqual([kept]);

    const deleting = await files('move', '--from', 'local', '--to', 'postgres', '--delete-source');
    expect(deleting.code).toBe(0);
    expect(await idsOf(local)).toEqual([]);
    expect(await idsOf(postgres)).toEqual([kept]);
  });

  it('deletes a source file only once its copy checks out', async () => {
    const good = await put(local, randomBytes(3000));
    const spoiled = await put(local, randomBytes(3000));
    expect((await files('move', '--from', 'local', '--to', 'postgres')).code).toBe(0);
    await sql`UPDATE stored_file_chunks SET data = ${randomBytes(3000)}
      WHERE file_id = ${spoiled}`.execute(db);

    const run = await files('move', '--from', 'local', '--to', 'postgres', '--delete-source');
    expect(run.code).toBe(1);
    expect(run.out).toContain(`${spoiled}: the copy no longer matches what was verified`);
    expect(await idsOf(local)).toEqual([spoiled]);
    expect(await idsOf(postgres)).toEqual([good, spoiled].sort());
  });

  it('refuses a bad command line or configuration, naming what is wrong', async () => {
    expect(await files('move', '--from', 'local')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--to must be one of local, postgres, s3'),
    });
    expect(await files('move', '--from', 'local', '--to', 'local')).toMatchObject({
      code: 2,
      err: expect.stringContaining('two different storages'),
    });
    expect(await files('copy', '--from', 'local', '--to', 'postgres')).toMatchObject({ code: 2 });
    expect(await files('move', '--from', 'local', '--to', 's3')).toMatchObject({
      code: 2,
      err: 'S3_BUCKET is not set: it must name the bucket to move files to or from',
    });
    const noDatabase = await runFilesCommand(
      ['move', '--from', 'local', '--to', 'postgres'],
      { DATA_DIR: dataDir },
      { out: () => {}, err: (line) => expect(line).toContain('DATABASE_URL is not set') },
    );
    expect(noDatabase).toBe(2);
  });
});

describe('npm run files -- move, with S3', () => {
  let server: S3TestServer;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

  beforeAll(async () => {
    server = await startS3TestServer();
    // The adapter takes its credentials from the SDK's chain, as in production.
    process.env.AWS_ACCESS_KEY_ID = S3_TEST_CREDENTIALS.accessKeyId;
    process.env.AWS_SECRET_ACCESS_KEY = S3_TEST_CREDENTIALS.secretAccessKey;
  });

  afterAll(async () => {
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
    if (saved.id === undefined) delete process.env.AWS_ACCESS_KEY_ID;
    if (saved.secret === undefined) delete process.env.AWS_SECRET_ACCESS_KEY;
    extraEnv = {};
    await server?.close();
  });

  it('moves PostgreSQL files into a bucket and deletes them from PostgreSQL', async () => {
    const bucket = await server.createBucket();
    extraEnv = { S3_BUCKET: bucket, S3_ENDPOINT: server.endpoint, S3_KEY_PREFIX: 'files/' };
    const contents = [randomBytes(200), randomBytes(7 * 1024 * 1024)];
    const ids = await Promise.all(contents.map((content) => put(postgres, content)));

    const run = await files('move', '--from', 'postgres', '--to', 's3', '--delete-source');
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toContain('2 copied');
    expect(await idsOf(postgres)).toEqual([]);
    const s3 = await openS3FileStorage({
      bucket,
      keyPrefix: 'files/',
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    });
    try {
      for (const [i, fileId] of ids.entries()) {
        expect((await contentOf(s3, fileId))?.equals(contents[i] ?? Buffer.alloc(1))).toBe(true);
      }
    } finally {
      await s3.close();
    }
  });
});
