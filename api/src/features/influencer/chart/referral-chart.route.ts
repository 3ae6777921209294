import { getInfluencerReferralChartRoute } from '@shortlist/domain/contract';
import type { EventStore } from '@shortlist/eventstore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { influencerLedgers } from '../../../commands/aggregates';
import { contractRoute } from '../../../shared/contract-route';
import { currentInfluencer } from '../influencer-guard';
import { referralWeeks } from './referral-weeks';

/** GET /influencer/referral-chart: the caller's last 12 weeks of referrals. */
export const referralChartRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getInfluencerReferralChartRoute),
    handler: async (request) => {
      const me = await currentInfluencer(app, request);
      return { ok: true as const, weeks: await referralWeeksFromLedgerStream(app.store, me.id) };
    },
  });
};

/**
 * A stream query: counted from the ledger stream, not a read model, because no read model keeps
 * the referrals' dates by week.
 */
async function referralWeeksFromLedgerStream(store: EventStore, influencerId: string) {
  const { history } = await influencerLedgers(store).load(influencerId);
  return referralWeeks(history, new Date());
}
