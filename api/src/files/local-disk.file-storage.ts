import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StoredFile } from './file-storage.port';

/** 128 random bits, hex: the only thing that ever becomes part of a path. */
const FILE_ID = /^[0-9a-f]{32}$/;

/**
 * FileStorage on the local disk, under `root` (DATA_DIR/files: outside every web root, so no
 * static handler can serve a file). Files are written to `{id}.part` and renamed once complete,
 * so a crash mid-upload never leaves a half file under a real id; they are readable by the
 * service's own user only.
 */
export function createLocalDiskFileStorage(options: { root: string }): FileStorage {
  const { root } = options;

  // Two-character shards keep directories small however many files accumulate.
  const pathOf = (fileId: string): string | null =>
    FILE_ID.test(fileId) ? join(root, fileId.slice(0, 2), fileId) : null;

  return {
    async put(source: Readable, options: { signal?: AbortSignal } = {}): Promise<string> {
      const fileId = randomBytes(16).toString('hex');
      const target = pathOf(fileId);
      if (target === null) throw new Error('unreachable: generated file id is malformed');
      const partial = `${target}.part`;
      await mkdir(join(root, fileId.slice(0, 2)), { recursive: true, mode: 0o700 });
      const file = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      try {
        // pipeline destroys both ends on an error, an early end or an abort, so the descriptor
        // is closed whichever way the upload stops.
        await pipeline(source, file, { signal: options.signal });
        await rename(partial, target);
      } catch (error) {
        // The descriptor must be closed before the file goes: wait for the stream's close.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
      return fileId;
    },

    async get(fileId: string): Promise<StoredFile | null> {
      const path = pathOf(fileId);
      if (path === null) return null;
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), size };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(fileId: string): Promise<void> {
      const path = pathOf(fileId);
      if (path === null) return;
      await rm(path, { force: true });
    },
  };
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
