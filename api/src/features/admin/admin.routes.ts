import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminContext } from '../../auth/auth-context';
import { DOCUMENT_MULTIPART_OPTIONS } from '../../files/document-upload';
import { auditTrailRoute } from './audit/audit-trail.route';
import { adminDashboardRoute } from './dashboard/admin-dashboard.route';
import { adminHealthRoutes } from './health/admin-health.route';
import { adminInfluencerPayoutsRoute } from './influencers/admin-influencer-payouts.route';
import { adminInfluencerQueriesRoute } from './influencers/admin-influencer-queries.route';
import { adminInfluencersRoute } from './influencers/admin-influencers.route';
import { adminRewardRulesRoutes } from './influencers/admin-reward-rules.route';
import { listOrdersRoutes } from './orders/list-orders.route';
import { orderAttachmentsRoutes } from './orders/order-attachments.route';
import { orderDetailRoute } from './orders/order-detail.route';
import { orderStatusRoute } from './orders/order-status.route';
import { orderSuggestionsRoute } from './orders/order-suggestions.route';
import { refundOrderRoutes } from './orders/refund-order.route';
import { adminOutboxRoutes } from './outbox/admin-outbox.route';
import { adminStatsRoute } from './stats/admin-stats.route';
import { replyToSupportQueryRoute } from './support-queries/reply-support-query.route';
import { supportQueriesRoutes } from './support-queries/support-queries.route';
import { listUsersRoute } from './users/list-users.route';
import { userOrdersRoute } from './users/user-orders.route';

/**
 * The admin panel's calls (SPEC §7 "Admin calls"), registered under
 * /api/admin inside the admin context: role admin in the verified token, else 401/403.
 * Multipart parsing, with the document limits, exists only in this context and the customer
 * orders one.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, DOCUMENT_MULTIPART_OPTIONS);
  await app.register(adminStatsRoute);
  await app.register(adminDashboardRoute);
  await app.register(adminHealthRoutes);
  await app.register(listOrdersRoutes);
  await app.register(orderDetailRoute);
  await app.register(orderStatusRoute);
  await app.register(orderAttachmentsRoutes);
  await app.register(orderSuggestionsRoute);
  await app.register(refundOrderRoutes);
  await app.register(auditTrailRoute);
  await app.register(listUsersRoute);
  await app.register(userOrdersRoute);
  await app.register(supportQueriesRoutes);
  await app.register(replyToSupportQueryRoute);
  await app.register(adminOutboxRoutes);
  await app.register(adminInfluencersRoute);
  await app.register(adminInfluencerQueriesRoute);
  await app.register(adminInfluencerPayoutsRoute);
  await app.register(adminRewardRulesRoutes);
};

/** Register with `{ prefix: '/admin' }` under /api. */
export const adminRoutes = adminContext(routes);
