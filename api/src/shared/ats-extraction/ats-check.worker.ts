// A document worker module (document-work/): the ATS check of an uploaded file, extraction and
// analysis both, in a worker thread.
import { checkResume } from '@shortlist/domain';
import { documentTask } from '../../document-work/document-task';
import type { AtsCheckInput } from './ats-check-job';
import { extractDocument } from './extract-document';

export const atsCheck = documentTask(async ({ bytes, kind, jobDescription }: AtsCheckInput) => {
  const document = await extractDocument(
    Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    kind,
  );
  return checkResume(document, { jobDescription });
});
