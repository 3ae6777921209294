import { resumePayloadSchema } from '@shortlist/domain';
import { downloadOrderResumePdfRoute, previewResumePdfRoute } from '@shortlist/domain/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { orderFor } from '../order-access';
import { renderResumePdf } from './resume-pdf';

export const RESUME_DOCUMENT_MESSAGES = {
  noResume: 'This order has no resume form to render.',
} as const;

/** A file name from the person's name: letters, digits and dashes only. */
function fileNameFor(fullName: string): string {
  const stem = fullName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${stem === '' ? 'resume' : `${stem}-resume`}.pdf`;
}

function sendPdf(reply: FastifyReply, bytes: Uint8Array, name: string, disposition: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `${disposition}; filename="${name}"`)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(Buffer.from(bytes));
}

/**
 * The builder's resume as a PDF: a preview of the form as it stands (the builder's last step)
 * and the download of a placed from-scratch order (its owner or an admin, as every order file).
 */
export const resumeDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, previewResumePdfRoute, [400]),
    handler: async (request, reply) => {
      const bytes = await renderResumePdf(request.body);
      return sendPdf(reply, bytes, 'resume-preview.pdf', 'inline');
    },
  });

  app.route({
    ...contractRoute(app, downloadOrderResumePdfRoute, [400, 403, 404]),
    handler: async (request, reply) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      // The read model keeps the form as it was validated when the order was placed.
      const resume = resumePayloadSchema.safeParse(row.resume);
      if (!resume.success) throw new HttpError(404, RESUME_DOCUMENT_MESSAGES.noResume);
      const bytes = await renderResumePdf(resume.data);
      return sendPdf(reply, bytes, fileNameFor(resume.data.personal.fullName), 'attachment');
    },
  });
};
