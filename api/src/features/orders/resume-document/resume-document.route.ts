import { resumePayloadSchema } from '@shortlist/domain';
import {
  downloadOrderResumeDocxRoute,
  downloadOrderResumePdfRoute,
  previewResumePdfRoute,
} from '@shortlist/domain/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMIT_MESSAGES } from '../../../shared/abuse-limits';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { perAccountRateLimit } from '../../../shared/rate-limits';
import { orderFor } from '../order-access';
import { RESUME_DOCUMENT_MESSAGES, renderResume } from './resume-document-jobs';

/** A file name from the person's name: letters, digits and dashes only. */
function fileNameFor(fullName: string, extension: 'pdf' | 'docx'): string {
  const stem = fullName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${stem === '' ? 'resume' : `${stem}-resume`}.${extension}`;
}

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

function send(
  reply: FastifyReply,
  file: { bytes: Uint8Array; name: string; type: keyof typeof CONTENT_TYPES },
  disposition: string,
) {
  const { bytes, name, type } = file;
  return reply
    .header('content-type', CONTENT_TYPES[type])
    .header('content-disposition', `${disposition}; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

/** A from-scratch order's form, for its owner or an admin (404 for an order without one). */
async function orderedResume(app: FastifyInstance, request: FastifyRequest, orderId: string) {
  const row = await orderFor(app, request, orderId, 'read');
  // The read model keeps the form as it was validated when the order was placed.
  const resume = resumePayloadSchema.safeParse(row.resume);
  if (!resume.success) throw new HttpError(404, RESUME_DOCUMENT_MESSAGES.noResume);
  return resume.data;
}

/**
 * The builder's resume as a PDF and a DOCX: a PDF preview of the form as it stands (the
 * builder's last step) and the downloads of a placed from-scratch order (its owner or an admin,
 * as every order file). Rendered in the document pool, never on the request thread.
 */
export const resumeDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, previewResumePdfRoute, [400, 422, 429, 503]),
    config: {
      rateLimit: perAccountRateLimit(app.limits.resumePreview, LIMIT_MESSAGES.tooManyPreviews),
    },
    handler: async (request, reply) => {
      const bytes = await renderResume(app.documents, request.body, 'pdf');
      return send(reply, { bytes, name: 'resume-preview.pdf', type: 'pdf' }, 'inline');
    },
  });

  app.route({
    ...contractRoute(app, downloadOrderResumePdfRoute, [400, 403, 404, 422, 503]),
    handler: async (request, reply) => {
      const resume = await orderedResume(app, request, request.params.id);
      const bytes = await renderResume(app.documents, resume, 'pdf');
      const name = fileNameFor(resume.personal.fullName, 'pdf');
      return send(reply, { bytes, name, type: 'pdf' }, 'attachment');
    },
  });

  app.route({
    ...contractRoute(app, downloadOrderResumeDocxRoute, [400, 403, 404, 422, 503]),
    handler: async (request, reply) => {
      const resume = await orderedResume(app, request, request.params.id);
      const bytes = await renderResume(app.documents, resume, 'docx');
      const name = fileNameFor(resume.personal.fullName, 'docx');
      return send(reply, { bytes, name, type: 'docx' }, 'attachment');
    },
  });
};
