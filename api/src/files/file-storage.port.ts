import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored file's bytes, as a download needs them. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded and delivered documents live: local disk in the embedded mode, PostgreSQL or
 * S3 where several API instances must reach the same files (ARCHITECTURE.md). Files are named by
 * random ids chosen here: no name, path or other user input ever reaches the storage location,
 * and an id is never shown to a client. The contract suite (testing/file-storage.contract.ts) is
 * the executable definition of this file.
 */
export interface FileStorage {
  /**
   * Stores everything `source` yields and answers the new file's id. If `source` fails or
   * ends early (a size cap, a dropped upload), or `signal` aborts, nothing is kept, every
   * handle opened for the write is closed, and the error is rethrown.
   */
  put(source: Readable, options?: { signal?: AbortSignal }): Promise<string>;
  /** null when there is no such file (never stored, deleted, or erased). */
  get(fileId: string): Promise<StoredFile | null>;
  /** Idempotent: deleting a missing file is fine. Once it resolves, the bytes are gone. */
  delete(fileId: string): Promise<void>;
}

/**
 * What an adapter offers beyond the app's needs: the move command (`npm run files -- move`)
 * lists one storage and writes its files into another under the same ids, which the events
 * hold; the process that opened an adapter closes it.
 */
export interface FileStorageAdapter extends FileStorage {
  /** Says which storage this is, for people (the move command's output, warnings). */
  readonly description: string;
  /**
   * Names this storage for the move command's ledger, the same from every process and host
   * that reaches the same files, different for any other storage (two hosts' disks differ).
   */
  identity(): Promise<string>;
  /** The size of a complete file, or null (as `get`, without opening the bytes). */
  head(fileId: string): Promise<{ size: number } | null>;
  /** Every complete file's id, once each (a file being written is not listed). */
  list(): AsyncIterable<string>;
  /**
   * Stores `source` under `fileId` (an id another storage chose), with put's guarantees on a
   * failure. Throws FileExistsError when a complete file already has that id, and a plain
   * Error for an id that is not one (never a path).
   */
  putWithId(fileId: string, source: Readable, options?: { signal?: AbortSignal }): Promise<void>;
  close(): Promise<void>;
}

export class FileExistsError extends Error {
  constructor(readonly fileId: string) {
    super(`A file with id ${fileId} is already stored`);
    this.name = 'FileExistsError';
  }
}

/** 128 random bits, hex: the only form of id any adapter accepts or turns into a location. */
const FILE_ID = /^[0-9a-f]{32}$/;

export function isFileId(value: string): boolean {
  return FILE_ID.test(value);
}

export function newFileId(): string {
  return randomBytes(16).toString('hex');
}

export function assertFileId(value: string): void {
  if (!isFileId(value)) throw new Error('Not a file id (32 lowercase hex characters)');
}
