// Tests only: a document worker module running the ATS check on a document as given (no
// extractor, no normalisation), to hold the check itself to the pool's limits.
import { type AtsDocument, checkResume } from '@shortlist/domain';
import { documentTask } from '../../../document-work/document-task';

export const checkDocument = documentTask(
  ({ document, jobDescription }: { document: AtsDocument; jobDescription: string }) =>
    checkResume(document, { jobDescription }),
);
