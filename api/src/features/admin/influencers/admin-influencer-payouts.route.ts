import {
  ADMIN_PAYOUT_STATUSES,
  type InfluencerLedgerCommand,
  influencerLedgerDecider,
  influencerStreamName,
  singleLineText,
} from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../../auth/auth-token';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { INFLUENCER_API_MESSAGES as M } from '../../../shared/influencers/influencer.messages';
import {
  adminPayoutItemSchema,
  idParamsSchema,
  messageSchema,
} from '../../../shared/influencers/influencer.schemas';
import { listPayouts } from '../../../shared/influencers/influencer-read';

const updateBodySchema = z.object({
  status: z.enum(ADMIN_PAYOUT_STATUSES, {
    message: `status must be one of ${ADMIN_PAYOUT_STATUSES.join(', ')}`,
  }),
  txnId: singleLineText().trim().max(200).nullish(),
});

/** Admin: GET /admin/influencer-payouts and PATCH /admin/influencer-payouts/{id} {status, txnId?}. */
export const adminInfluencerPayoutsRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/influencer-payouts',
    {
      schema: {
        response: { 200: z.object({ ok: z.literal(true), items: z.array(adminPayoutItemSchema) }) },
      },
    },
    async () => ({ ok: true as const, items: await listPayouts(app.db) }),
  );

  app.patch(
    '/influencer-payouts/:id',
    {
      schema: {
        params: idParamsSchema,
        body: updateBodySchema,
        response: {
          200: z.object({ ok: z.literal(true), message: z.string(), item: adminPayoutItemSchema }),
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          410: messageSchema,
        },
      },
    },
    async (request) => {
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
  );
};
