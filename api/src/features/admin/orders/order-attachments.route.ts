import {
  ADMIN_MESSAGES,
  deleteOrderAttachmentRoute,
  idParamsSchema,
  messageSchema,
  uploadOrderAttachmentRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type StoredDocument,
  storeDocument,
  UPLOAD_MESSAGES,
  uploadErrorFor,
} from '../../../files/document-upload';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { findOrderRow, runAdminOrderCommand } from './admin-order';

/**
 * The delivery files of an order (SPEC §2 "Attach delivery file"): upload one PDF/DOC/DOCX
 * (checked by content, 10 MB, files/document-upload.ts) and remove one by its file name. The
 * customer downloads them from the `url`s of their Order.
 */
export const orderAttachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, uploadOrderAttachmentRoute, [400, 404, 409, 410, 413, 415, 422, 503]),
    handler: async (request) => {
      if (!request.isMultipart()) throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
      let upload: StoredDocument | null = null;
      try {
        for await (const part of request.parts()) {
          // Only the first non-empty `file` part is kept; the rest is read past so the request
          // completes normally.
          if (part.type === 'field') continue;
          if (part.fieldname !== 'file' || part.filename === '' || upload !== null) {
            part.file.resume();
            continue;
          }
          upload = await storeDocument(app.files, app.documents, part);
        }
        if (upload === null) throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
        const row = await findOrderRow(app, request.params.id);
        const filename = uniqueName(
          upload.name,
          row.attachments.map((attachment) => attachment.filename),
        );
        const order = await runAdminOrderCommand(app, request, request.params.id, {
          type: 'AttachDelivery',
          data: { file: { fileId: upload.fileId, name: upload.name }, filename },
        });
        return { message: ADMIN_MESSAGES.attachmentUploaded, order };
      } catch (error) {
        // Not recorded on the order, so nothing would ever serve or delete it: do it now.
        if (upload !== null) await app.files.delete(upload.fileId);
        throw uploadErrorFor(error);
      }
    },
  });

  app.route({
    ...contractRoute(app, deleteOrderAttachmentRoute, [400, 404, 409, 410]),
    handler: async (request) => {
      const { id, filename } = request.params;
      const row = await findOrderRow(app, id);
      const attachment = row.attachments.find((candidate) => candidate.filename === filename);
      const order = await runAdminOrderCommand(app, request, id, {
        type: 'RemoveDelivery',
        data: { filename },
      });
      // The removal is recorded; the bytes go after it. A failure here leaves an unreferenced
      // file (logged), never an order pointing at a missing one.
      if (attachment !== undefined) {
        await app.files.delete(attachment.fileId).catch((error: unknown) => {
          request.log.error({ err: error, orderId: id }, 'Could not delete a removed attachment');
        });
      }
      return { message: ADMIN_MESSAGES.deleted, order };
    },
  });

  // A blank name leaves no path segment at all: say what is missing rather than "Not found".
  // Not a contract route: no app calls it, it only refuses.
  app.delete(
    '/orders/:id/attachments',
    {
      schema: {
        summary: 'Refuse removing a delivery file without a file name',
        params: idParamsSchema,
        response: { 400: messageSchema, 401: messageSchema, 403: messageSchema },
      },
    },
    async () => {
      throw new HttpError(400, ADMIN_MESSAGES.missingFilename);
    },
  );
};

/**
 * Attachments are addressed by file name (the download URL, the delete call), so two uploads
 * of "resume.pdf" become "resume.pdf" and "resume (2).pdf" rather than one hiding the other.
 */
function uniqueName(name: string, taken: readonly string[]): string {
  if (!taken.includes(name)) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; ; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
