// The HTTP contract shared by the API and the three apps (`@shortlist/domain/contract`).
// Each feature's routes live in their own file under ./api and are re-exported here.

// The order's rule (domain/orders), from a module without schemas: the admin app's first load
// quotes it and builds none.
export { DELIVERY_PROMISE_HOURS } from '../orders/delivery-promise';
export * from './api/account.endpoints';
export * from './api/account.messages';
export * from './api/admin.messages';
export * from './api/admin-audit.endpoints';
export * from './api/admin-console.endpoints';
export * from './api/admin-influencers.endpoints';
export * from './api/admin-ops.endpoints';
export * from './api/admin-order-detail.endpoints';
export * from './api/admin-orders.endpoints';
export * from './api/admin-stats.endpoints';
export * from './api/admin-support-queries.endpoints';
export * from './api/admin-users.endpoints';
export * from './api/ats.endpoints';
export * from './api/contact.endpoints';
export * from './api/customer-orders.endpoints';
export * from './api/dev-outbox.endpoints';
export * from './api/first-run.endpoints';
export * from './api/form-fields';
export * from './api/health.endpoints';
export * from './api/influencer.endpoints';
export * from './api/influencer.messages';
export * from './api/influencer-statement.endpoints';
export * from './api/influencer-views';
export * from './api/mail.endpoints';
export { type OrderTimelineView, type OrderView, orderSchema } from './api/order-view';
export * from './api/paging';
export * from './api/params';
export * from './api/password-rules';
export * from './api/payments.endpoints';
export * from './api/resume-draft.endpoints';
export * from './api/reward-rules.endpoints';

export {
  type ApiRoute,
  type Audience,
  defineRoute,
  type HttpMethod,
  messageSchema,
  type RouteBody,
  type RouteInput,
  type RouteParams,
  type RouteParsedParams,
  type RouteQuery,
  type RouteReply,
  type RouteResponse,
  routePath,
} from './api/route';
export {
  hasForbiddenCharacters,
  isWellFormedText,
  multiLineText,
  scrubText,
  singleLineText,
  TEXT_MESSAGES,
} from './text';
