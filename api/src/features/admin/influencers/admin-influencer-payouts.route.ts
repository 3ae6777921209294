import {
  type InfluencerLedgerCommand,
  influencerLedgerDecider,
  influencerStreamName,
} from '@shortlist/domain';
import {
  listAdminInfluencerPayoutsRoute,
  INFLUENCER_MESSAGES as M,
  updateInfluencerPayoutRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { HttpError } from '../../../shared/http-error';
import { listPayouts } from '../../../shared/influencers/influencer-read';

/** Admin: GET /admin/influencer-payouts and PATCH /admin/influencer-payouts/{id} {status, txnId?}. */
export const adminInfluencerPayoutsRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listAdminInfluencerPayoutsRoute),
    handler: async () => ({ ok: true as const, items: await listPayouts(app.db) }),
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
      const { status, txnId } = request.body;
      const command: InfluencerLedgerCommand =
        status === 'approved'
          ? { type: 'ApprovePayout', data: { payoutId }, metadata }
          : status === 'paid'
            ? { type: 'MarkPayoutPaid', data: { payoutId, txnId: txnId ?? null }, metadata }
            : { type: 'RejectPayout', data: { payoutId }, metadata };
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
