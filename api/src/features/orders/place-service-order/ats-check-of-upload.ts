import { type AtsCheckFacts, atsCheckFactsOf } from '@shortlist/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { DocumentPool } from '../../../document-work/document-pool';
import type { StoredDocument } from '../../../files/document-upload';
import type { FileStorage } from '../../../files/file-storage.port';
import { atsCheckOf } from '../../../shared/ats-extraction/ats-check-job';
import { HttpError } from '../../../shared/http-error';

/**
 * The ATS check of an order's stored upload, run by the server itself when the order comes from
 * the ATS check page: the score the order keeps is never one the client sends. A file the parser
 * cannot read (the page would have said so before offering the order) places the order without
 * a check rather than refusing it; the log names the order's file kind only, nothing of its text.
 * The check runs in the document pool; a full pool (503) refuses the order, to be sent again.
 */
export async function atsCheckOfUpload(
  files: FileStorage,
  documents: DocumentPool,
  upload: StoredDocument,
  jobDescription: string,
  log: FastifyBaseLogger,
): Promise<AtsCheckFacts | null> {
  const stored = await files.get(upload.fileId);
  if (stored === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  try {
    const report = await atsCheckOf(
      documents,
      { bytes: Buffer.concat(chunks), kind: upload.kind },
      jobDescription,
    );
    return atsCheckFactsOf(report);
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode === 503) throw error;
    log.warn({ kind: upload.kind }, 'An ordered file could not be read for its ATS check');
    return null;
  }
}
