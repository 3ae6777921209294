import type { AtsReport } from '@shortlist/domain';
import { type DocumentJob, documentJob } from '../../document-work/document-job';
import type { DocumentPool } from '../../document-work/document-pool';
import type { DocumentKind } from '../../files/document-sniffer';
import { EXTRACTION_MESSAGES } from './extraction-limits';

export interface AtsCheckInput {
  bytes: Uint8Array;
  kind: DocumentKind;
  jobDescription: string;
}

const ATS_CHECK: DocumentJob<AtsCheckInput, AtsReport> = documentJob(
  new URL('./ats-check.worker.ts', import.meta.url),
  'atsCheck',
  EXTRACTION_MESSAGES.tooComplex,
);

/**
 * The ATS check of a file's bytes (the public check and an order's upload alike), read and
 * analysed in the document pool. 422 for a file that cannot be read or passes a limit, 503 when
 * the pool is full.
 */
export function atsCheckOf(
  documents: DocumentPool,
  file: { bytes: Uint8Array; kind: DocumentKind },
  jobDescription: string,
): Promise<AtsReport> {
  // A copy of its own to hand over: a small Buffer shares its memory with others.
  const bytes = new Uint8Array(file.bytes);
  return documents.run(ATS_CHECK, { bytes, kind: file.kind, jobDescription }, [bytes.buffer]);
}
