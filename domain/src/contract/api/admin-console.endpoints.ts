import { z } from 'zod';
import { orderSchema } from './order-view';
import { idParamsSchema } from './params';
import { defineRoute } from './route';

/**
 * GET /admin/dashboard: what waits for an operator, each figure the size of a filtered list the
 * dashboard links to (UI.md: "counts of what waits").
 */
export const getAdminDashboardRoute = defineRoute({
  method: 'GET',
  path: '/admin/dashboard',
  audience: 'admin',
  summary: 'Count the work that waits: paid orders by status, late orders, open queries, payouts',
  response: z.object({
    /** Paid orders in each status that still needs work. */
    orders: z.object({ pending: z.number().int(), processing: z.number().int() }),
    /** Paid, not completed, and paid more than DELIVERY_PROMISE_HOURS ago. */
    overdueOrders: z.number().int(),
    openQueries: z.number().int(),
    /** Influencer queries open or in progress. */
    openInfluencerQueries: z.number().int(),
    payoutsRequested: z.number().int(),
  }),
});

/** GET /admin/users/{id}/orders: every order of one account, paid or not, newest first. */
export const listAdminUserOrdersRoute = defineRoute({
  method: 'GET',
  path: '/admin/users/:id/orders',
  audience: 'admin',
  summary: "List one account's orders, paid or not, newest first",
  params: idParamsSchema,
  response: z.object({ items: z.array(orderSchema) }),
});
