import {
  type InfluencerLedgerCommand,
  influencerLedgerDecider,
  influencerStreamName,
} from '@shortlist/domain';
import {
  exportInfluencerPayoutsRoute,
  listAdminInfluencerPayoutsRoute,
  INFLUENCER_ROUTE_MESSAGES as M,
  updateInfluencerPayoutRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { listPayouts } from '../../../shared/influencers/influencer-read';
import { approvedPayouts, bulkTransferCsv } from './bulk-transfer';

/**
 * Admin: GET /admin/influencer-payouts, PATCH /admin/influencer-payouts/{id}
 * {status, txnId?, reason?} and GET /admin/influencer-payouts/export (the approved ones as a
 * bank bulk-transfer CSV). The ledger decides every step: approval nets a debt, payment needs
 * an approval and the transfer reference, rejection a reason.
 */
export const adminInfluencerPayoutsRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listAdminInfluencerPayoutsRoute),
    handler: async () => ({ ok: true as const, items: await listPayouts(app.db) }),
  });

  app.route({
    ...contractRoute(app, exportInfluencerPayoutsRoute),
    handler: async (_request, reply) => {
      const rows = await approvedPayouts(app.db);
      const csv = bulkTransferCsv(rows, app.config.razorpayxAccountNumber);
      // A money file: never cached by a proxy or the browser.
      reply.header('cache-control', 'no-store');
      return {
        ok: true as const,
        filename: `payouts-${new Date().toISOString().slice(0, 10)}.csv`,
        count: rows.length,
        total: rows.reduce((sum, row) => sum + row.amount, 0),
        csv,
      };
    },
  });

  app.route({
    ...contractRoute(app, updateInfluencerPayoutRoute, [400, 404, 409, 410]),
    handler: async (request) => {
      const payoutId = request.params.id;
      // The payout was read back into the read model when it was requested, so it is there.
      const payout = await app.db
        .selectFrom('payouts')
        .select('influencer_id')
        .where('id', '=', payoutId)
        .executeTakeFirst();
      if (payout === undefined) throw new HttpError(404, M.payoutNotFound);
      const metadata = commandMetadataFor(request);
      const { status, txnId, reason } = request.body;
      const command: InfluencerLedgerCommand =
        status === 'approved'
          ? { type: 'ApprovePayout', data: { payoutId }, metadata }
          : status === 'paid'
            ? { type: 'MarkPayoutPaid', data: { payoutId, txnId: txnId ?? null }, metadata }
            : { type: 'RejectPayout', data: { payoutId, reason: reason ?? '' }, metadata };
      const { position } = await handleCommand({
        store: app.store,
        streamName: influencerStreamName(payout.influencer_id),
        decider: influencerLedgerDecider,
        command,
      });
      await app.waitForProjections(position, ['influencer-ledger', 'influencers']);
      const [item] = await listPayouts(app.db, { payoutId });
      if (item === undefined) throw new HttpError(404, M.payoutNotFound);
      return { ok: true as const, message: M.payoutUpdated, item };
    },
  });
};
