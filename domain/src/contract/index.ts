// The HTTP contract shared by the API and the three apps (`@shortlist/domain/contract`).
// Each feature's routes live in their own file under ./api and are re-exported here.

export { idParamsSchema, setOrderStatusRoute } from './api/admin-orders.routes';
export { type OrderView, orderSchema } from './api/order-view';

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
  multiLineText,
  scrubText,
  singleLineText,
  TEXT_MESSAGES,
} from './text';
