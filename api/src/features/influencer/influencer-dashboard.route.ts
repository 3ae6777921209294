import { getInfluencerDashboardRoute } from '@shortlist/domain/contract';
import { selectPrepared } from '@shortlist/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';
import { ledgerFigures, referralLink, statsOf } from '../../shared/influencers/influencer-read';
import { currentInfluencer } from './influencer-guard';

/** Newest referred orders shown on the dashboard. */
const ORDERS_SHOWN = 100;

/**
 * GET /influencer/dashboard (SPEC §7): the caller's own figures, link and referred orders —
 * paid orders of users the ledger counts as theirs. Nothing here takes an influencer id from
 * the request: it is always the token's.
 */
export const influencerDashboardRoute: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...contractRoute(app, getInfluencerDashboardRoute),
    handler: async (request) => {
      // The three reads at once (one round trip of waiting, not three), all by the token's id;
      // nothing is answered unless the influencer still exists.
      const [me, figures, orders] = await Promise.all([
        currentInfluencer(app, request),
        ledgerFigures(app.db, request.user.id),
        selectPrepared(
          app.db,
          app.db
            .selectFrom('influencer_referred_orders as o')
            .innerJoin('influencer_referrals as r', (join) =>
              join
                .onRef('r.user_id', '=', 'o.user_id')
                .onRef('r.influencer_id', '=', 'o.influencer_id'),
            )
            .select(['o.order_id', 'o.user_email', 'o.service', 'o.status', 'o.created_at'])
            .where('o.influencer_id', '=', request.user.id)
            .where('o.paid', '=', true)
            .orderBy('o.created_at', 'desc')
            .orderBy('o.order_id')
            .limit(ORDERS_SHOWN)
            .compile(),
        ),
      ]);
      return {
        ok: true as const,
        stats: statsOf(figures),
        influencer: {
          name: me.name ?? '',
          referralCode: me.referral_code,
          referralLink: referralLink(app.config.publicOrigin, me.referral_code),
        },
        orders: orders.map((order) => ({
          orderId: order.order_id,
          userEmail: order.user_email,
          service: order.service,
          status: order.status,
          createdAt: order.created_at.toISOString(),
        })),
      };
    },
  });
};
