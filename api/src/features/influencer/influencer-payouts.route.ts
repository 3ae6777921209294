import { randomUUID } from 'node:crypto';
import { influencerLedgerDecider, influencerStreamName } from '@shortlist/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { INFLUENCER_API_MESSAGES as M } from '../../shared/influencers/influencer.messages';
import {
  formField,
  messageSchema,
  payoutItemSchema,
  statsSchema,
} from '../../shared/influencers/influencer.schemas';
import { ledgerFigures, listPayouts, statsOf } from '../../shared/influencers/influencer-read';
import { currentInfluencer } from './influencer-guard';

const listAnswerSchema = z.object({
  ok: z.literal(true),
  items: z.array(payoutItemSchema),
  // The payouts screen shows balance, registrations and eligibility beside the list (SPEC §2).
  stats: statsSchema,
});
const requestAnswerSchema = z.object({ ok: z.literal(true), message: z.string() });

const payoutRequestBodySchema = z
  .object({
    payeeName: formField(200),
    mobile: formField(20),
    bankName: formField(200),
    upiId: formField(200),
  })
  .transform((body, ctx) => {
    const details = {
      payeeName: body.payeeName.trim(),
      mobile: body.mobile.trim(),
      bankName: body.bankName.trim(),
      upiId: body.upiId.trim(),
    };
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (Object.values(details).some((value) => value === '')) return fail(M.payeeDetailsRequired);
    if (!/^\d{10}$/.test(details.mobile)) return fail(M.mobileInvalid);
    return details;
  });

/**
 * GET /influencer/payouts and POST /influencer/payouts/request (SPEC §7). Eligibility and the
 * one-open-payout rule are the ledger's (409 with the rule's words); the request holds the whole
 * balance. Concurrent requests race on the ledger stream's version, so at most one is accepted.
 */
export const influencerPayoutsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payouts',
    { schema: { response: { 200: listAnswerSchema, 401: messageSchema, 403: messageSchema } } },
    async (request) => {
      const me = await currentInfluencer(app, request);
      const items = await listPayouts(app.db, { influencerId: me.id });
      return {
        ok: true as const,
        // Own payouts only: the admin's view (with who asked) is not leaked here.
        items: items.map(({ influencerId: _, ...item }) => item),
        stats: statsOf(await ledgerFigures(app.db, me.id)),
      };
    },
  );

  app.post(
    '/payouts/request',
    {
      schema: {
        body: payoutRequestBodySchema,
        response: {
          200: requestAnswerSchema,
          400: messageSchema,
          401: messageSchema,
          403: messageSchema,
          409: messageSchema,
          410: messageSchema,
        },
      },
    },
    async (request) => {
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
  );
};
