// The HTTP contract shared by the API and the three apps (`@shortlist/domain/contract`).
// Each feature's routes live in their own file under ./api and are re-exported here.

// The order's rule (domain/orders), from a module without schemas: the admin app's first load
// quotes it and builds none.
export { DELIVERY_PROMISE_HOURS } from '../orders/delivery-promise';
export * from './api/account.messages';
export * from './api/account.routes';
export * from './api/admin.messages';
export * from './api/admin-audit.routes';
export * from './api/admin-console.routes';
export * from './api/admin-influencers.routes';
export * from './api/admin-ops.routes';
export * from './api/admin-order-detail.routes';
export * from './api/admin-orders.routes';
export * from './api/admin-stats.routes';
export * from './api/admin-support-queries.routes';
export * from './api/admin-users.routes';
export * from './api/ats.routes';
export * from './api/contact.routes';
export * from './api/customer-orders.routes';
export * from './api/dev-outbox.routes';
export * from './api/first-run.routes';
export * from './api/form-fields';
export * from './api/health.routes';
export * from './api/influencer.messages';
export * from './api/influencer.routes';
export * from './api/influencer-statement.routes';
export * from './api/influencer-views';
export * from './api/mail.routes';
export { type OrderTimelineView, type OrderView, orderSchema } from './api/order-view';
export * from './api/paging';
export * from './api/params';
export * from './api/password-rules';
export * from './api/payments.routes';
export * from './api/resume-draft.routes';
export * from './api/reward-rules.routes';

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
