import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { influencerContext } from '../../auth/auth-context';
import { referralChartRoute } from './chart/referral-chart.route';
import { influencerFunnelRoute } from './funnel/funnel.route';
import { influencerDashboardRoute } from './influencer-dashboard.route';
import { influencerLoginRoute } from './influencer-login.route';
import { influencerPayoutsRoutes } from './influencer-payouts.route';
import { influencerQueriesRoutes } from './influencer-queries.route';
import { influencerStatementRoute } from './statement/influencer-statement.route';

const influencerOnlyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(influencerDashboardRoute);
  await app.register(influencerQueriesRoutes);
  await app.register(influencerPayoutsRoutes);
  await app.register(influencerStatementRoute);
  await app.register(referralChartRoute);
  await app.register(influencerFunnelRoute);
};

/**
 * The influencer area's API, registered under /api/influencer: the public login beside the
 * influencer context (an influencer token; a customer's or admin's gets 403, none 401).
 */
export const influencerRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(influencerLoginRoute);
  await app.register(influencerContext(influencerOnlyRoutes));
};
