import { randomUUID } from 'node:crypto';
import { influencerLedgerDecider, influencerStreamName } from '@shortlist/domain';
import {
  listInfluencerPayoutsRoute,
  INFLUENCER_ROUTE_MESSAGES as M,
  requestInfluencerPayoutRoute,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { contractRoute } from '../../shared/contract-route';
import {
  ledgerFigures,
  listPayouts,
  savedPaymentDetails,
  statsOf,
} from '../../shared/influencers/influencer-read';
import { currentInfluencer } from './influencer-guard';

/**
 * GET /influencer/payouts and POST /influencer/payouts/request (SPEC §7). Eligibility and the
 * one-open-payout rule are the ledger's (409 with the rule's words); the request holds the whole
 * balance. Concurrent requests race on the ledger stream's version, so at most one is accepted.
 */
export const influencerPayoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, listInfluencerPayoutsRoute),
    handler: async (request) => {
      const me = await currentInfluencer(app, request);
      const items = await listPayouts(app.db, { influencerId: me.id });
      return {
        ok: true as const,
        // Own payouts only: the admin's view (with who asked) is not leaked here.
        items: items.map(({ influencerId: _, debt: _debt, flags: _flags, ...item }) => item),
        stats: statsOf(await ledgerFigures(app.db, me.id)),
        savedDetails: await savedPaymentDetails(app.db, me.id),
      };
    },
  });

  app.route({
    ...contractRoute(app, requestInfluencerPayoutRoute, [400, 409, 410]),
    handler: async (request) => {
      const me = await currentInfluencer(app, request);
      const { position } = await handleCommand({
        store: app.store,
        streamName: influencerStreamName(me.id),
        decider: influencerLedgerDecider,
        command: {
          type: 'RequestPayout',
          data: { payoutId: randomUUID(), ...request.body },
          metadata: commandMetadataFor(request),
        },
      });
      await app.waitForProjections(position, ['influencer-ledger']);
      return { ok: true as const, message: M.payoutRequested };
    },
  });
};
