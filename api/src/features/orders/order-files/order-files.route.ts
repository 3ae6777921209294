import { singleLineText } from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../auth/auth-token';
import { DOWNLOAD_MESSAGES, sendStoredFile } from '../../../files/file-download';
import { messageSchema, orderParamsSchema } from '../../../shared/orders/order-view';
import { orderFor } from '../order-access';

// The bytes are streamed; Fastify sends a stream as it is, without the serializer.
const fileResponse = {
  200: z.unknown().describe('the file, as an attachment'),
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
};

/**
 * Downloads behind the `url`s of an Order: the customer's uploads by position and the admin's
 * delivered attachments by file name. Only the owner or an admin gets the bytes, always as an
 * attachment (files/file-download.ts).
 */
export const orderFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/orders/:id/uploads/:index',
    {
      schema: {
        params: orderParamsSchema.extend({ index: z.coerce.number().int().min(0).max(100) }),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      const upload = row.customer_uploads[request.params.index];
      if (upload === undefined) throw new HttpError(404, DOWNLOAD_MESSAGES.fileNotFound);
      return sendStoredFile(reply, app.files, upload);
    },
  );

  app.get(
    '/orders/:id/attachments/:filename',
    {
      schema: {
        params: orderParamsSchema.extend({ filename: singleLineText().min(1).max(300) }),
        response: fileResponse,
      },
    },
    async (request, reply) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      const attachment = row.attachments.find((a) => a.filename === request.params.filename);
      if (attachment === undefined) throw new HttpError(404, DOWNLOAD_MESSAGES.fileNotFound);
      return sendStoredFile(reply, app.files, {
        fileId: attachment.fileId,
        name: attachment.filename,
      });
    },
  );
};
