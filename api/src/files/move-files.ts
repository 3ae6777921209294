import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileMoveLedger } from './file-move-ledger';
import { FileExistsError, type FileStorageAdapter } from './file-storage.port';

export interface MoveFilesInput {
  from: FileStorageAdapter;
  to: FileStorageAdapter;
  /** The ledger of this route (from's identity → to's identity). */
  ledger: FileMoveLedger;
  /** Delete each source file once its copy is verified (never otherwise). */
  deleteSource: boolean;
  /**
   * Delete the target copy of a file erased at the source after it was copied. Explicit, as
   * the command cannot tell an erasure from a source that lost its files.
   */
  followErasures: boolean;
  /** Progress and per-file notes for the operator. */
  note(line: string): void;
}

export interface MoveFilesReport {
  /** Copied now and verified (size and SHA-256 read back from the target). */
  copied: number;
  copiedBytes: number;
  /** Copied by an earlier run (or found at the target, identical) and still there. */
  alreadyMoved: number;
  /** Source copies deleted after their target copy was verified (--delete-source). */
  sourceDeleted: number;
  /** Erased at the target after the copy: never copied again. */
  erasedAtTarget: number;
  /** Erased at the source after the copy, and so deleted at the target (followErasures). */
  erasuresFollowed: number;
  /** Erased at the source after the copy; their target copy waits for followErasures. */
  erasuresPending: number;
  failed: { fileId: string; reason: string }[];
}

const PROGRESS_EVERY = 100;

/**
 * Copies every file of `from` into `to` under the same id (the events hold the ids), each one
 * verified by size and SHA-256 read back from the target and recorded in the ledger. Safe to run
 * again and again, also while the app runs on either side:
 * - a file the ledger holds is never copied twice, so one erased at the target after its copy
 *   (retention, a deleted order) is not brought back; one erased at the source after its copy
 *   is deleted at the target too with `followErasures`, so erasure holds across a move;
 * - a file at the target that the ledger lacks (a run stopped between copy and record) is
 *   compared by hash and recorded when identical; a different one is reported, neither touched;
 * - a source file is deleted only with `deleteSource`, and only after its copy checks out.
 * Each file stands alone: a failure is reported and the rest go on.
 */
export async function moveFiles(input: MoveFilesInput): Promise<MoveFilesReport> {
  const { from, to, ledger, deleteSource, followErasures, note } = input;
  const report: MoveFilesReport = {
    copied: 0,
    copiedBytes: 0,
    alreadyMoved: 0,
    sourceDeleted: 0,
    erasedAtTarget: 0,
    erasuresFollowed: 0,
    erasuresPending: 0,
    failed: [],
  };
  const fail = (fileId: string, reason: string) => {
    report.failed.push({ fileId, reason });
    note(`${fileId}: ${reason}`);
  };
  const attempt = async (fileId: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      fail(fileId, error instanceof Error ? error.message : String(error));
    }
  };

  // Erased at the source since an earlier run copied them (the source was still in use).
  for await (const move of ledger.live()) {
    await attempt(move.fileId, async () => {
      if ((await from.head(move.fileId)) !== null) return;
      if (!followErasures) {
        report.erasuresPending += 1;
        return;
      }
      await to.delete(move.fileId);
      await ledger.markErased(move.fileId);
      report.erasuresFollowed += 1;
    });
  }

  let seen = 0;
  for await (const fileId of from.list()) {
    await attempt(fileId, async () => {
      const move = await ledger.find(fileId);
      if (move !== null) {
        await settleMoved(input, move, report);
        return;
      }
      const recorded = await copyOrAdopt(from, to, fileId, report, fail);
      if (recorded === null) return;
      await ledger.recordCopy({ fileId, ...recorded });
      if (deleteSource) {
        await from.delete(fileId);
        await ledger.markSourceDeleted(fileId);
        report.sourceDeleted += 1;
      }
    });
    seen += 1;
    if (seen % PROGRESS_EVERY === 0) {
      note(`${seen} files looked at: ${report.copied} copied, ${report.failed.length} failed`);
    }
  }
  return report;
}

/** A file the ledger says was copied: keep it out if erased at the target, else maybe delete. */
async function settleMoved(
  input: MoveFilesInput,
  move: { fileId: string; size: number; sha256: string; erased: boolean },
  report: MoveFilesReport,
): Promise<void> {
  const { from, to, ledger, deleteSource } = input;
  const { fileId } = move;
  const erasedAtTarget = move.erased || (await to.head(fileId)) === null;
  if (erasedAtTarget) {
    if (!move.erased) await ledger.markErased(fileId);
    report.erasedAtTarget += 1;
    if (deleteSource) {
      await from.delete(fileId);
      await ledger.markSourceDeleted(fileId);
      report.sourceDeleted += 1;
    }
    return;
  }
  report.alreadyMoved += 1;
  if (!deleteSource) return;
  const there = await digest(to, fileId);
  if (there === null || there.size !== move.size || there.sha256 !== move.sha256) {
    throw new Error('the copy no longer matches what was verified; the source copy is kept');
  }
  await from.delete(fileId);
  await ledger.markSourceDeleted(fileId);
  report.sourceDeleted += 1;
}

/**
 * Copies one file the ledger does not know, or adopts an identical one already at the target;
 * answers what to record, or null when there is nothing to record (gone, or reported).
 */
async function copyOrAdopt(
  from: FileStorageAdapter,
  to: FileStorageAdapter,
  fileId: string,
  report: MoveFilesReport,
  fail: (fileId: string, reason: string) => void,
): Promise<{ size: number; sha256: string } | null> {
  if ((await to.head(fileId)) !== null) {
    const [source, target] = [await digest(from, fileId), await digest(to, fileId)];
    if (source === null) return null;
    if (target === null || target.size !== source.size || target.sha256 !== source.sha256) {
      fail(fileId, 'a different file with this id is already at the target; neither was touched');
      return null;
    }
    report.alreadyMoved += 1;
    return source;
  }

  const stored = await from.get(fileId);
  // Deleted (erased) since it was listed: nothing to copy.
  if (stored === null) return null;
  const hash = createHash('sha256');
  let size = 0;
  const hashed = async function* () {
    for await (const chunk of stored.stream) {
      const bytes = Buffer.from(chunk as Uint8Array);
      hash.update(bytes);
      size += bytes.length;
      yield bytes;
    }
  };
  try {
    await to.putWithId(fileId, Readable.from(hashed(), { objectMode: false }));
  } catch (error) {
    if (error instanceof FileExistsError) {
      fail(fileId, 'another run copied it meanwhile; run again to verify it');
      return null;
    }
    throw error;
  }
  const copied = { size, sha256: hash.digest('hex') };
  const readBack = await digest(to, fileId);
  if (readBack === null || readBack.size !== copied.size || readBack.sha256 !== copied.sha256) {
    await to.delete(fileId);
    throw new Error('the copy read back differs from the source; it was removed');
  }
  if (copied.size !== stored.size) {
    await to.delete(fileId);
    throw new Error(`the source said ${stored.size} bytes but gave ${copied.size}; copy removed`);
  }
  report.copied += 1;
  report.copiedBytes += copied.size;
  return copied;
}

async function digest(
  storage: FileStorageAdapter,
  fileId: string,
): Promise<{ size: number; sha256: string } | null> {
  const stored = await storage.get(fileId);
  if (stored === null) return null;
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stored.stream) {
    const bytes = Buffer.from(chunk as Uint8Array);
    hash.update(bytes);
    size += bytes.length;
  }
  return { size, sha256: hash.digest('hex') };
}
