// A document worker module (document-work/): the builder's form rendered as a PDF or a DOCX.
// pdf-lib and docx lay out whatever the visitor typed (up to the form's caps), work that takes
// a second for the largest forms: in a worker, never on the request thread.
import type { ResumePayload } from '@shortlist/domain';
import { documentTask } from '../../../document-work/document-task';
import { renderResumeDocx } from './resume-docx';
import { renderResumePdf } from './resume-pdf';

export const resumePdf = documentTask((resume: ResumePayload) => renderResumePdf(resume));

export const resumeDocx = documentTask(
  async (resume: ResumePayload) => new Uint8Array(await renderResumeDocx(resume)),
);
