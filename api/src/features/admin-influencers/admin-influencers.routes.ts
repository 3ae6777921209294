import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContext } from '../../auth/auth-context';
import { adminInfluencerPayoutsRoute } from './admin-influencer-payouts.route';
import { adminInfluencerQueriesRoute } from './admin-influencer-queries.route';
import { adminInfluencersRoute } from './admin-influencers.route';

const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminInfluencersRoute);
  await app.register(adminInfluencerQueriesRoute);
  await app.register(adminInfluencerPayoutsRoute);
};

/** The admin's influencer screens, registered under /api/admin inside the admin context. */
export const adminInfluencerRoutes = adminContext(routes);
