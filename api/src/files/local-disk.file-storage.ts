import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertFileId,
  FileExistsError,
  type FileStorageAdapter,
  isFileId,
  newFileId,
  type StoredFile,
} from './file-storage.port';

const SHARD = /^[0-9a-f]{2}$/;

/**
 * Names the directory's files for the move command's ledger. A path would not do: two hosts may
 * use the same DATA_DIR for different files, and one disk may be mounted elsewhere later.
 */
const IDENTITY_FILE = '.storage-id';

/**
 * FileStorage on the local disk, under `root` (DATA_DIR/files: outside every web root, so no
 * static handler can serve a file). Files are written to a `.part` file and renamed (or linked)
 * once complete, so a crash mid-upload never leaves a half file under a real id; they are
 * readable by the service's own user only. One host's disk: only for the embedded mode, where
 * one process serves everything.
 */
export function createLocalDiskFileStorage(options: { root: string }): FileStorageAdapter {
  const { root } = options;

  // Two-character shards keep directories small however many files accumulate.
  const pathOf = (fileId: string): string | null =>
    isFileId(fileId) ? join(root, fileId.slice(0, 2), fileId) : null;

  /** Streams `source` into `partial`, then `commit`s it; on any failure nothing stays. */
  async function write(
    fileId: string,
    partial: string,
    source: Readable,
    signal: AbortSignal | undefined,
    commit: () => Promise<void>,
  ): Promise<void> {
    await mkdir(join(root, fileId.slice(0, 2)), { recursive: true, mode: 0o700 });
    const file = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    try {
      // pipeline destroys both ends on an error, an early end or an abort, so the descriptor
      // is closed whichever way the upload stops.
      await pipeline(source, file, { signal });
      await commit();
    } catch (error) {
      // The descriptor must be closed before the file goes: wait for the stream's close.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await rm(partial, { force: true });
      throw error;
    }
  }

  return {
    description: `local disk ${root}`,

    async identity(): Promise<string> {
      const path = join(root, IDENTITY_FILE);
      await mkdir(root, { recursive: true, mode: 0o700 });
      // Written whole, then linked into place: of two processes at once, one name wins and
      // neither ever reads a half-written file.
      const draft = `${path}.${randomBytes(4).toString('hex')}.part`;
      await writeFile(draft, `${randomBytes(16).toString('hex')}\n`, { mode: 0o600 });
      await link(draft, path)
        .catch((error: unknown) => {
          if (!hasCode(error, 'EEXIST')) throw error;
        })
        .finally(() => rm(draft, { force: true }));
      return `local:${(await readFile(path, 'utf8')).trim()}`;
    },

    async put(source: Readable, options: { signal?: AbortSignal } = {}): Promise<string> {
      const fileId = newFileId();
      const target = pathOf(fileId);
      if (target === null) throw new Error('unreachable: generated file id is malformed');
      const partial = `${target}.part`;
      await write(fileId, partial, source, options.signal, () => rename(partial, target));
      return fileId;
    },

    async putWithId(fileId, source, options = {}): Promise<void> {
      assertFileId(fileId);
      const target = pathOf(fileId);
      if (target === null) throw new Error('unreachable: checked file id has no path');
      // A name of its own, so two writers of one id never share a partial file; link() then
      // refuses to replace a file that is already there, atomically.
      const partial = `${target}.${randomBytes(4).toString('hex')}.part`;
      await write(fileId, partial, source, options.signal, async () => {
        try {
          await link(partial, target);
        } catch (error) {
          if (hasCode(error, 'EEXIST')) throw new FileExistsError(fileId);
          throw error;
        } finally {
          await rm(partial, { force: true });
        }
      });
    },

    async get(fileId: string): Promise<StoredFile | null> {
      const path = pathOf(fileId);
      if (path === null) return null;
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if (hasCode(error, 'ENOENT')) return null;
        throw error;
      }
    },

    async head(fileId: string): Promise<{ size: number } | null> {
      const path = pathOf(fileId);
      if (path === null) return null;
      try {
        return { size: (await stat(path)).size };
      } catch (error) {
        if (hasCode(error, 'ENOENT')) return null;
        throw error;
      }
    },

    async *list(): AsyncIterable<string> {
      const shards = await readdir(root).catch((error: unknown) => {
        if (hasCode(error, 'ENOENT')) return [];
        throw error;
      });
      for (const shard of shards.filter((name) => SHARD.test(name)).sort()) {
        const names = await readdir(join(root, shard));
        // `.part` files are writes in progress (or a crash's leftovers): never listed.
        for (const name of names.sort()) if (isFileId(name) && name.startsWith(shard)) yield name;
      }
    },

    async delete(fileId: string): Promise<void> {
      const path = pathOf(fileId);
      if (path === null) return;
      await rm(path, { force: true });
    },

    async close(): Promise<void> {},
  };
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof Error && 'code' in error && error.code === code;
}
