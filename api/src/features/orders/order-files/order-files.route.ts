import { downloadOrderAttachmentRoute, downloadOrderUploadRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOWNLOAD_MESSAGES, sendStoredFile } from '../../../files/file-download';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { orderFor } from '../order-access';

/**
 * Downloads behind the `url`s of an Order: the customer's uploads by position and the admin's
 * delivered attachments by file name. Only the owner or an admin gets the bytes, always as an
 * attachment (files/file-download.ts).
 */
export const orderFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  // The bytes are streamed; Fastify sends a stream as it is, without the serializer.
  app.route({
    ...contractRoute(app, downloadOrderUploadRoute, [400, 403, 404]),
    handler: async (request, reply) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      const upload = row.customer_uploads[request.params.index];
      if (upload === undefined) throw new HttpError(404, DOWNLOAD_MESSAGES.fileNotFound);
      return sendStoredFile(reply, app.files, upload);
    },
  });

  app.route({
    ...contractRoute(app, downloadOrderAttachmentRoute, [400, 403, 404]),
    handler: async (request, reply) => {
      const row = await orderFor(app, request, request.params.id, 'read');
      const attachment = row.attachments.find((a) => a.filename === request.params.filename);
      if (attachment === undefined) throw new HttpError(404, DOWNLOAD_MESSAGES.fileNotFound);
      return sendStoredFile(reply, app.files, {
        fileId: attachment.fileId,
        name: attachment.filename,
      });
    },
  });
};
