import { api, type Resource, useResource } from '@shortlist/web-kit';
import { type Order, readOrderList } from './order';

/** GET /api/orders/history/{email}: every order of the customer, paid and unpaid. */
export function getOrderHistory(email: string, signal?: AbortSignal): Promise<Order[]> {
  return api.get(`/orders/history/${encodeURIComponent(email)}`, { signal, parse: readOrderList });
}

/** The history of `email`; null (no e-mail in the session) loads nothing. */
export function useOrderHistory(email: string | null): Resource<Order[]> {
  return useResource(email === null ? null : `history:${email}`, (signal) =>
    getOrderHistory(email ?? '', signal),
  );
}
