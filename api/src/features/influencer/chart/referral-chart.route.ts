import { influencerStreamName } from '@shortlist/domain';
import { getInfluencerReferralChartRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { currentInfluencer } from '../influencer-guard';
import { referralWeeks } from './referral-weeks';

/** GET /influencer/referral-chart: the caller's last 12 weeks, counted from the ledger stream. */
export const referralChartRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getInfluencerReferralChartRoute),
    handler: async (request) => {
      const me = await currentInfluencer(app, request);
      const { events } = await app.store.readStream(influencerStreamName(me.id));
      return { ok: true as const, weeks: referralWeeks(events, new Date()) };
    },
  });
};
