import { getRewardRulesRoute } from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';
import { rewardRuleChanges, rewardRulesView } from '../../shared/influencers/reward-rules-read';

/** GET /reward-rules: the amounts the Influencer Kit shows, from the ledger's own rules. */
export const rewardRulesRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getRewardRulesRoute),
    handler: async () => {
      const view = rewardRulesView(await rewardRuleChanges(app.store), new Date().toISOString());
      return { ok: true as const, ...view };
    },
  });
};
