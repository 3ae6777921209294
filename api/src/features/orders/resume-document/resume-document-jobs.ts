import type { ResumePayload } from '@shortlist/domain';
import { type DocumentJob, documentJob } from '../../../document-work/document-job';
import type { DocumentPool } from '../../../document-work/document-pool';

export const RESUME_DOCUMENT_MESSAGES = {
  noResume: 'This order has no resume form to render.',
  tooLong: 'This resume is too long to turn into a document. Shorten it and try again.',
} as const;

const WORKER = new URL('./resume-document.worker.ts', import.meta.url);

const JOBS: Readonly<Record<'pdf' | 'docx', DocumentJob<ResumePayload, Uint8Array>>> = {
  pdf: documentJob(WORKER, 'resumePdf', RESUME_DOCUMENT_MESSAGES.tooLong),
  docx: documentJob(WORKER, 'resumeDocx', RESUME_DOCUMENT_MESSAGES.tooLong),
};

/** The form as a PDF or a DOCX, rendered in the document pool (503 when full, 422 past a limit). */
export function renderResume(
  documents: DocumentPool,
  resume: ResumePayload,
  format: 'pdf' | 'docx',
): Promise<Uint8Array> {
  return documents.run(JOBS[format], resume);
}
