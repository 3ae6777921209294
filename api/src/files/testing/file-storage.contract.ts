import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileExistsError, type FileStorageAdapter, newFileId } from '../file-storage.port';

export interface FileStorageUnderTest {
  /** An empty storage, for this test alone. */
  storage: FileStorageAdapter;
  /**
   * Every byte of file content the backing store holds now, finished or not: files and `.part`
   * files on disk, chunk rows, objects and the parts of unfinished multipart uploads. What
   * "nothing kept" and "deleted for good" are measured against.
   */
  storedBytes(): Promise<number>;
  teardown(): Promise<void>;
}

const MiB = 1024 * 1024;

/** What a 10 MB upload looks like to storage: many small pieces, never one buffer. */
async function* pieces(content: Buffer, size = 64 * 1024): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < content.length; offset += size) {
    yield content.subarray(offset, offset + size);
  }
}

/** A source that yields `content`, then fails with `error` (a dropped upload, a size cap). */
function failingAfter(content: Buffer, error: Error): Readable {
  return Readable.from(
    (async function* () {
      yield* pieces(content);
      throw error;
    })(),
  );
}

/**
 * A source that hands over `content`, then neither ends nor fails until `release()`: an upload
 * in progress. `taken` resolves once the storage has read (nearly) all of it and asks for more.
 */
function held(content: Buffer) {
  let markTaken: () => void = () => {};
  const taken = new Promise<void>((resolve) => {
    markTaken = resolve;
  });
  let handedOver = false;
  const source = new Readable({
    read() {
      if (handedOver) {
        markTaken();
        return;
      }
      handedOver = true;
      for (let offset = 0; offset < content.length; offset += 64 * 1024) {
        this.push(content.subarray(offset, offset + 64 * 1024));
      }
    },
  });
  return { source, taken, release: () => source.push(null) };
}

async function readAll(stream: Readable): Promise<{ content: Buffer; largestPiece: number }> {
  const chunks: Buffer[] = [];
  let largestPiece = 0;
  for await (const chunk of stream) {
    const piece = Buffer.from(chunk as Uint8Array);
    largestPiece = Math.max(largestPiece, piece.length);
    chunks.push(piece);
  }
  return { content: Buffer.concat(chunks), largestPiece };
}

async function listed(storage: FileStorageAdapter): Promise<string[]> {
  const ids: string[] = [];
  for await (const id of storage.list()) ids.push(id);
  return ids.sort();
}

const sha256 = (content: Buffer) => createHash('sha256').update(content).digest('hex');

/**
 * The executable definition of the FileStorage port (file-storage.port.ts), run on every
 * adapter: local disk, PostgreSQL, S3.
 */
export function testFileStorage(
  adapterName: string,
  factory: () => Promise<FileStorageUnderTest>,
): void {
  describe(`FileStorage contract: ${adapterName}`, () => {
    let storage: FileStorageAdapter;
    let storedBytes: () => Promise<number>;
    let teardown: () => Promise<void>;

    beforeEach(async () => {
      ({ storage, storedBytes, teardown } = await factory());
    });
    afterEach(async () => {
      await storage.close();
      await teardown();
    });

    const get = async (fileId: string) => {
      const stored = await storage.get(fileId);
      if (stored === null) return null;
      return { size: stored.size, ...(await readAll(stored.stream)) };
    };

    it('gives back the bytes it stored, with their size, under a new random id', async () => {
      const content = randomBytes(700 * 1024);
      const fileId = await storage.put(Readable.from(pieces(content)));
      expect(fileId).toMatch(/^[0-9a-f]{32}$/);
      const stored = await get(fileId);
      expect(stored?.size).toBe(content.length);
      expect(stored?.content.equals(content)).toBe(true);
      expect(await storage.head(fileId)).toEqual({ size: content.length });
      expect(await listed(storage)).toEqual([fileId]);
      expect(await storedBytes()).toBe(content.length);

      const again = await storage.put(Readable.from(pieces(content)));
      expect(again).not.toBe(fileId);
    });

    it('stores an empty file', async () => {
      const fileId = await storage.put(Readable.from([]));
      expect(await get(fileId)).toEqual({ size: 0, content: Buffer.alloc(0), largestPiece: 0 });
      expect(await storage.head(fileId)).toEqual({ size: 0 });
    });

    it('streams a 10 MB file in and out in bounded pieces', async () => {
      const content = randomBytes(10 * MiB);
      const fileId = await storage.put(Readable.from(pieces(content)));
      const stored = await storage.get(fileId);
      expect(stored?.size).toBe(content.length);
      if (stored === null) throw new Error('not stored');
      const { content: read, largestPiece } = await readAll(stored.stream);
      expect(sha256(read)).toBe(sha256(content));
      // Read as a stream of pieces, never as the whole file.
      expect(largestPiece).toBeLessThanOrEqual(MiB);
      expect(await storedBytes()).toBe(content.length);
    });

    it('answers null for a file it does not hold; deleting one is fine', async () => {
      const fileId = newFileId();
      expect(await storage.get(fileId)).toBeNull();
      expect(await storage.head(fileId)).toBeNull();
      await expect(storage.delete(fileId)).resolves.toBeUndefined();
    });

    it('turns only its own ids into locations: names and paths are nobody’s file', async () => {
      const content = randomBytes(1000);
      const fileId = await storage.put(Readable.from([content]));
      const hostile = [
        '',
        '..',
        '../files',
        `../${fileId}`,
        `${fileId.slice(0, 2)}/${fileId}`,
        `${fileId}/`,
        `${fileId}.part`,
        fileId.toUpperCase(),
        `${fileId}0`,
        `${fileId}\u0000`,
        'resume.pdf',
        '/etc/passwd',
        "x' OR '1'='1",
      ];
      for (const name of hostile) {
        expect(await storage.get(name), name).toBeNull();
        expect(await storage.head(name), name).toBeNull();
        await storage.delete(name);
        await expect(storage.putWithId(name, Readable.from([content])), name).rejects.toThrow(
          'Not a file id',
        );
      }
      expect((await get(fileId))?.content.equals(content)).toBe(true);
      expect(await listed(storage)).toEqual([fileId]);
      expect(await storedBytes()).toBe(content.length);
    });

    it('keeps nothing when the source fails part way, and rethrows its error', async () => {
      // Past one chunk (PostgreSQL) and past one 5 MiB part (S3 multipart) before the failure.
      for (const size of [300 * 1024, 6 * MiB]) {
        const failure = new Error(`the upload broke off after ${size} bytes`);
        await expect(storage.put(failingAfter(randomBytes(size), failure))).rejects.toBe(failure);
        expect(await listed(storage)).toEqual([]);
        expect(await storedBytes()).toBe(0);
      }
    });

    it('keeps nothing when the write is aborted', async () => {
      const upload = held(randomBytes(600 * 1024));
      const abort = new AbortController();
      const putting = storage.put(upload.source, { signal: abort.signal });
      await upload.taken;
      abort.abort(new Error('the client went away'));
      await expect(putting).rejects.toThrow();
      upload.release();
      expect(await listed(storage)).toEqual([]);
      expect(await storedBytes()).toBe(0);

      const already = new AbortController();
      already.abort();
      await expect(
        storage.put(Readable.from([randomBytes(10)]), { signal: already.signal }),
      ).rejects.toThrow();
      expect(await storedBytes()).toBe(0);
    });

    it('shows a file only once it is complete', async () => {
      const before = await storage.put(Readable.from([randomBytes(100)]));
      const upload = held(randomBytes(300 * 1024));
      const putting = storage.put(upload.source);
      await upload.taken;
      expect(await listed(storage)).toEqual([before]);
      upload.release();
      const fileId = await putting;
      expect(await listed(storage)).toEqual([before, fileId].sort());
    });

    it('keeps concurrent writers apart', async () => {
      const contents = Array.from({ length: 8 }, (_, i) => randomBytes(50 * 1024 + i * 97_000));
      const ids = await Promise.all(
        contents.map((content) => storage.put(Readable.from(pieces(content, 16 * 1024)))),
      );
      expect(new Set(ids).size).toBe(contents.length);
      const read = await Promise.all(ids.map((id) => get(id)));
      for (const [i, content] of contents.entries()) {
        expect(read[i]?.content.equals(content), `writer ${i}`).toBe(true);
      }
      expect(await storedBytes()).toBe(contents.reduce((sum, c) => sum + c.length, 0));
    });

    it('deletes for good: erased files leave no bytes behind', async () => {
      const kept = randomBytes(2000);
      const erased = [randomBytes(300 * 1024), randomBytes(6 * MiB)];
      const keptId = await storage.put(Readable.from([kept]));
      const erasedIds = await Promise.all(erased.map((c) => storage.put(Readable.from(pieces(c)))));
      for (const fileId of erasedIds) await storage.delete(fileId);
      for (const fileId of erasedIds) {
        expect(await storage.get(fileId)).toBeNull();
        expect(await storage.head(fileId)).toBeNull();
        await storage.delete(fileId);
      }
      expect(await listed(storage)).toEqual([keptId]);
      expect(await storedBytes()).toBe(kept.length);
      expect((await get(keptId))?.content.equals(kept)).toBe(true);
    });

    it('stores under a given id once, and never replaces a file there', async () => {
      const fileId = newFileId();
      const first = randomBytes(400 * 1024);
      await storage.putWithId(fileId, Readable.from(pieces(first)));
      expect((await get(fileId))?.content.equals(first)).toBe(true);
      await expect(
        storage.putWithId(fileId, Readable.from([randomBytes(10)])),
      ).rejects.toBeInstanceOf(FileExistsError);
      expect((await get(fileId))?.content.equals(first)).toBe(true);
      expect(await listed(storage)).toEqual([fileId]);

      const failure = new Error('the source storage failed');
      await expect(
        storage.putWithId(newFileId(), failingAfter(randomBytes(300 * 1024), failure)),
      ).rejects.toBe(failure);
      expect(await storedBytes()).toBe(first.length);
    });
  });
}
