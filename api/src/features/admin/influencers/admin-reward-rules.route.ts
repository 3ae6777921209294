import { REWARD_RULES_STREAM, rewardRulesDecider } from '@shortlist/domain';
import {
  changeRewardRuleRoute,
  getAdminRewardRulesRoute,
  INFLUENCER_ROUTE_MESSAGES as M,
} from '@shortlist/domain/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commandMetadataFor } from '../../../commands/command-metadata';
import { handleCommand } from '../../../commands/handle-command';
import { contractRoute } from '../../../shared/contract-route';
import { rewardRuleChanges, rewardRulesView } from '../../../shared/influencers/reward-rules-read';

/**
 * Admin: GET /admin/reward-rules (in force, upcoming, history) and POST /admin/reward-rules (a
 * new amount from a day on; the rules' decider checks the bounds and the date).
 */
export const adminRewardRulesRoutes: FastifyPluginAsyncZod = async (app) => {
  async function answer(now: string) {
    const changes = await rewardRuleChanges(app.store);
    return {
      ok: true as const,
      ...rewardRulesView(changes, now),
      history: changes.toReversed(),
    };
  }

  app.route({
    ...contractRoute(app, getAdminRewardRulesRoute),
    handler: async () => answer(new Date().toISOString()),
  });

  app.route({
    ...contractRoute(app, changeRewardRuleRoute, [400]),
    handler: async (request) => {
      const metadata = commandMetadataFor(request);
      await handleCommand({
        store: app.store,
        streamName: REWARD_RULES_STREAM,
        decider: rewardRulesDecider,
        command: { type: 'ChangeRewardRule', data: request.body, metadata },
      });
      return { ...(await answer(metadata.now)), message: M.rewardRuleChanged };
    },
  });
};
