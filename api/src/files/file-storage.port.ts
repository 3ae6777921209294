import type { Readable } from 'node:stream';

/** A stored file's bytes, as a download needs them. */
export interface StoredFile {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded and delivered documents live (ARCHITECTURE.md: "files on local disk" in the
 * embedded mode). Files are named by random ids chosen here: no name, path or other user input
 * ever reaches the storage location, and an id is never shown to a client.
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
  /** Idempotent: deleting a missing file is fine. */
  delete(fileId: string): Promise<void>;
}
