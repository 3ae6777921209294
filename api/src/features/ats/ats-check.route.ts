import { cleanJobDescription, multiLineText } from '@shortlist/domain';
import {
  ATS_MESSAGES,
  atsCheckRoute as atsCheckContract,
  JOB_DESCRIPTION_MAX,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MESSAGES, uploadErrorFor } from '../../files/document-upload';
import { atsCheckOf } from '../../shared/ats-extraction/ats-check-job';
import { contractRoute } from '../../shared/contract-route';
import { HttpError } from '../../shared/http-error';
import { atsRateLimit } from './ats-rate-limits';
import { readDocument, type UploadedDocument } from './read-upload';

const jobDescriptionSchema = multiLineText().max(
  JOB_DESCRIPTION_MAX,
  ATS_MESSAGES.jobDescriptionTooLong,
);

/**
 * POST /ats-check (multipart: file, jobDescription?): the resume read as an ATS reads it, scored
 * with explained checks. Public and rate limited per IP. The file lives in memory for the
 * request only; nothing of it is stored or logged. 503 with Retry-After when every document
 * worker is taken and the queue is full.
 */
export const atsCheckRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, atsCheckContract, [400, 413, 415, 422, 429, 503]),
    config: { rateLimit: atsRateLimit() },
    handler: async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
      let upload: UploadedDocument | null = null;
      let jobDescription = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'jobDescription' && typeof part.value === 'string') {
              // Cut at the field limit: refused as too long rather than checked in part.
              if (part.valueTruncated) {
                throw new HttpError(400, ATS_MESSAGES.jobDescriptionTooLong);
              }
              jobDescription = part.value;
            }
            continue;
          }
          if (part.fieldname !== 'file' || part.filename === '' || upload !== null) {
            part.file.resume();
            continue;
          }
          upload = await readDocument(part, app.documents);
        }
      } catch (error) {
        throw uploadErrorFor(error);
      }
      if (upload === null) throw new HttpError(400, UPLOAD_MESSAGES.wrongType);
      const jd = jobDescriptionSchema.safeParse(cleanJobDescription(jobDescription));
      if (!jd.success) {
        throw new HttpError(400, jd.error.issues[0]?.message ?? ATS_MESSAGES.jobDescriptionTooLong);
      }
      // Read and analysed in a document worker (document-work/), never on this thread.
      return atsCheckOf(app.documents, upload, jd.data);
    },
  });
};
