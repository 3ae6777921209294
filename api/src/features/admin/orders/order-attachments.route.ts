import { singleLineText } from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../auth/auth-token';
import {
  type StoredDocument,
  storeDocument,
  UPLOAD_MESSAGES,
  uploadErrorFor,
} from '../../../files/document-upload';
import { orderSchema } from '../../../shared/orders/order-view';
import { ADMIN_MESSAGES } from '../admin.messages';
import { authErrors, idParamsSchema, messageSchema } from '../admin.schemas';
import { findOrderRow, runAdminOrderCommand } from './admin-order';

const answerSchema = z.object({ message: z.string(), order: orderSchema });
const commandErrors = {
  400: messageSchema,
  404: messageSchema,
  409: messageSchema,
  410: messageSchema,
  ...authErrors,
};

/**
 * The delivery files of an order (SPEC §2 "Attach delivery file"): upload one PDF/DOC/DOCX
 * (checked by content, 10 MB, files/document-upload.ts) and remove one by its file name. The
 * customer downloads them from the `url`s of their Order.
 */
export const orderAttachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/orders/:id/attachments',
    {
      schema: {
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: { 200: answerSchema, 413: messageSchema, 415: messageSchema, ...commandErrors },
      },
    },
    async (request) => {
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
          upload = await storeDocument(app.files, part);
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
  );

  app.delete(
    '/orders/:id/attachments/:filename',
    {
      schema: {
        params: idParamsSchema.extend({
          filename: singleLineText().trim().min(1, ADMIN_MESSAGES.missingFilename).max(300),
        }),
        response: { 200: answerSchema, ...commandErrors },
      },
    },
    async (request) => {
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
  );

  // A blank name leaves no path segment at all: say what is missing rather than "Not found".
  app.delete(
    '/orders/:id/attachments',
    { schema: { params: idParamsSchema, response: { 400: messageSchema, ...authErrors } } },
    async () => {
      throw new HttpError(400, ADMIN_MESSAGES.missingFilename);
    },
  );
};

/**
 * Attachments are addressed by file name (the download URL, the delete call), so two uploads
 * of "resume.pdf" become "resume.pdf" and "resume (2).pdf" rather than one hiding the other.
 */
export function uniqueName(name: string, taken: readonly string[]): string {
  if (!taken.includes(name)) return name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const extension = dot > 0 ? name.slice(dot) : '';
  for (let n = 2; ; n += 1) {
    const candidate = `${stem} (${n})${extension}`;
    if (!taken.includes(candidate)) return candidate;
  }
}
