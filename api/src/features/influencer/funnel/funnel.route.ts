import { getInfluencerFunnelRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../../shared/contract-route';
import { currentInfluencer } from '../influencer-guard';
import { referralFunnel } from './referral-funnel';

/** GET /influencer/funnel: the caller's short link and its funnel per week and campaign. */
export const influencerFunnelRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getInfluencerFunnelRoute),
    handler: async (request) => {
      const me = await currentInfluencer(app, request);
      const funnel = await referralFunnel(app.db, me.id, new Date());
      return {
        ok: true as const,
        shortLink: `${app.config.publicOrigin}/r/${encodeURIComponent(me.referral_code)}`,
        ...funnel,
      };
    },
  });
};
