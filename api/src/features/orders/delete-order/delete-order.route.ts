import { type DeleteOrder, orderDecider, orderStreamName } from '@shortlist/domain';
import { deleteOrderRoute as deleteOrderContract } from '@shortlist/domain/contract';
import type { OrderRow } from '@shortlist/projections';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { orderFor } from '../order-access';
import { ORDER_ROUTE_MESSAGES } from '../orders.messages';

/**
 * DELETE /orders/{id}: the owner deletes an unpaid order (a paid one is refunded, not deleted:
 * the decider answers 409). SPEC §5 warns "This cannot be undone", so the order's personal data
 * goes with it: its key is erased (crypto-shredding the form, e-mail and file references in
 * its events) and its files are removed.
 */
export const deleteOrderRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, deleteOrderContract, [400, 403, 404, 409, 410]),
    handler: async (request) => {
      const row = await orderFor(app, request, request.params.id, 'change');
      const metadata = commandMetadataFor(request);
      const command: DeleteOrder = {
        type: 'DeleteOrder',
        data: { userId: request.user.id },
        metadata,
      };
      const streamName = orderStreamName(row.id);
      const { position } = await handleCommand({
        store: app.store,
        streamName,
        decider: orderDecider,
        command,
      });
      await app.waitForProjections(position, ['orders']);
      await app.vault.erase(streamName, metadata.now);
      await removeFilesOf(app, row);
      return { message: ORDER_ROUTE_MESSAGES.orderDeleted };
    },
  });
};

// The order is already deleted; a file that cannot be removed now is logged, not fatal: the
// customer's request succeeded and the file is no longer reachable through any order.
async function removeFilesOf(app: FastifyInstance, row: OrderRow): Promise<void> {
  const fileIds = [...row.customer_uploads, ...row.attachments].map((file) => file.fileId);
  for (const fileId of fileIds) {
    await app.files.delete(fileId).catch((error: unknown) => {
      app.log.error({ err: error, orderId: row.id }, 'Could not remove a deleted order’s file');
    });
  }
}
