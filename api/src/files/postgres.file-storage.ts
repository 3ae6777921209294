import { addAbortSignal, Readable } from 'node:stream';
import { type Generated, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import {
  assertFileId,
  FileExistsError,
  type FileStorageAdapter,
  isFileId,
  newFileId,
  type StoredFile,
} from './file-storage.port';

/**
 * One row's share of a file. Bounds what a read or a write holds in memory (one chunk, plus
 * what the stream has buffered) and the round trips for a 10 MB document (40).
 */
export const CHUNK_BYTES = 256 * 1024;

/**
 * An upload still unfinished after this long was abandoned by a process that died mid-write
 * (the server cuts any request after 10 minutes: server-timeouts.ts); the sweep removes it.
 */
const ABANDONED_AFTER = '1 hour';
/** A long-running process sweeps again now and then, not only when it opens the storage. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The tables of migrations/20261125-2130-stored-files.migration.ts. */
export interface StoredFilesTables {
  stored_files: {
    id: string;
    /** int8 arrives as a string; null while the file is being written. */
    size: string | null;
    created_at: Generated<Date>;
    completed_at: Date | null;
  };
  stored_file_chunks: { file_id: string; seq: number; data: Buffer };
}

type Db = Kysely<StoredFilesTables> | Transaction<StoredFilesTables>;

/**
 * FileStorage in the PostgreSQL database every API instance shares (the default in services
 * mode): a `stored_files` row per file and its bytes in `stored_file_chunks` rows of
 * CHUNK_BYTES. An upload inserts its chunks one statement at a time, so a slow client never
 * holds a connection (nor a transaction) for the length of its upload, and the file turns
 * readable in one UPDATE at the end; a failed write deletes its row and with it every chunk.
 * Reads fetch one chunk per query as the consumer asks for more. A crash mid-write leaves an
 * unfinished row, never a readable half file; `open` sweeps those.
 *
 * The tables must exist (migrateApiTables). Its own small pool, so file traffic never queues
 * the read-model queries behind it.
 */
export async function openPostgresFileStorage(options: {
  connectionString: string;
  poolMax?: number;
}): Promise<FileStorageAdapter> {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.poolMax ?? 4,
  });
  // An idle client whose server connection drops emits 'error' on the pool; the next query on a
  // fresh client reports the real problem.
  pool.on('error', () => undefined);
  const db = new Kysely<StoredFilesTables>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sweepAbandonedWrites(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  let sweptAt = Date.now();

  return {
    description: 'PostgreSQL (stored_files)',

    // The move command's ledger lives in this same database: no other PostgreSQL storage exists
    // for it.
    identity: async () => 'postgres',

    async put(source, options = {}) {
      if (Date.now() - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = Date.now();
        await sweepAbandonedWrites(db);
      }
      const fileId = newFileId();
      await db.insertInto('stored_files').values({ id: fileId }).execute();
      try {
        const size = await writeChunks(db, fileId, source, options.signal);
        await complete(db, fileId, size);
      } catch (error) {
        // Should this fail too (the database gone), the sweep removes the row later; the
        // caller learns what stopped the upload, not what stopped the cleanup.
        await db
          .deleteFrom('stored_files')
          .where('id', '=', fileId)
          .execute()
          .catch(() => undefined);
        throw error;
      }
      return fileId;
    },

    async putWithId(fileId, source, options = {}) {
      assertFileId(fileId);
      // Only the move command writes this way, fast from another storage: one transaction, so
      // a failure or a crash leaves nothing, and a second writer of the same id waits on the
      // key, then finds the file there.
      await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('stored_files')
          .values({ id: fileId })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (inserted === undefined) throw new FileExistsError(fileId);
        await complete(trx, fileId, await writeChunks(trx, fileId, source, options.signal));
      });
    },

    async get(fileId: string): Promise<StoredFile | null> {
      const size = await sizeOf(db, fileId);
      if (size === null) return null;
      return { stream: Readable.from(readChunks(db, fileId, size), { objectMode: false }), size };
    },

    async head(fileId) {
      const size = await sizeOf(db, fileId);
      return size === null ? null : { size };
    },

    async *list() {
      let after = '';
      for (;;) {
        const page = await db
          .selectFrom('stored_files')
          .select('id')
          .where('completed_at', 'is not', null)
          .where('id', '>', after)
          .orderBy('id')
          .limit(1000)
          .execute();
        for (const { id } of page) yield id;
        const last = page.at(-1);
        if (last === undefined) return;
        after = last.id;
      }
    },

    async delete(fileId) {
      if (!isFileId(fileId)) return;
      // The chunks go with the row (ON DELETE CASCADE), in this statement: nothing references
      // them afterwards, and VACUUM (autovacuum) returns their pages for reuse.
      await db.deleteFrom('stored_files').where('id', '=', fileId).execute();
    },

    close: () => db.destroy(),
  };
}

async function sweepAbandonedWrites(db: Db): Promise<void> {
  await db
    .deleteFrom('stored_files')
    .where('completed_at', 'is', null)
    .where('created_at', '<', sql<Date>`now() - ${ABANDONED_AFTER}::interval`)
    .execute();
}

async function sizeOf(db: Db, fileId: string): Promise<number | null> {
  if (!isFileId(fileId)) return null;
  const row = await db
    .selectFrom('stored_files')
    .select('size')
    .where('id', '=', fileId)
    .where('completed_at', 'is not', null)
    .executeTakeFirst();
  return row?.size == null ? null : Number(row.size);
}

async function complete(db: Db, fileId: string, size: number): Promise<void> {
  await db
    .updateTable('stored_files')
    .set({ size: String(size), completed_at: sql<Date>`now()` })
    .where('id', '=', fileId)
    .execute();
}

/** Inserts `source` as chunks of CHUNK_BYTES (the last one shorter); answers the byte count. */
async function writeChunks(
  db: Db,
  fileId: string,
  source: Readable,
  signal: AbortSignal | undefined,
): Promise<number> {
  // An abort destroys the source, which ends the loop below with an AbortError.
  if (signal !== undefined) addAbortSignal(signal, source);
  let seq = 0;
  let size = 0;
  const insert = async (data: Buffer) => {
    await db.insertInto('stored_file_chunks').values({ file_id: fileId, seq, data }).execute();
    seq += 1;
    size += data.length;
  };
  try {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    for await (const piece of source) {
      const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array | string);
      pending.push(bytes);
      pendingBytes += bytes.length;
      while (pendingBytes >= CHUNK_BYTES) {
        const joined = Buffer.concat(pending, pendingBytes);
        await insert(joined.subarray(0, CHUNK_BYTES));
        pending = [joined.subarray(CHUNK_BYTES)];
        pendingBytes -= CHUNK_BYTES;
      }
    }
    if (pendingBytes > 0) await insert(Buffer.concat(pending, pendingBytes));
  } catch (error) {
    source.destroy();
    throw error;
  }
  return size;
}

/** The chunks in order, one query each, fetched only as the reader asks for more. */
async function* readChunks(db: Db, fileId: string, size: number): AsyncGenerator<Buffer> {
  let read = 0;
  for (let seq = 0; read < size; seq += 1) {
    const row = await db
      .selectFrom('stored_file_chunks')
      .select('data')
      .where('file_id', '=', fileId)
      .where('seq', '=', seq)
      .executeTakeFirst();
    // Deleted (erased) while this reader was part way through: end with an error, never short.
    if (row === undefined) throw new Error('The file was deleted while it was being read');
    read += row.data.length;
    yield row.data;
  }
}
