import { api, type Resource, useResource } from '@shortlist/web-kit';
import { type Order, readOrderAnswer } from '../../shared/orders/order';

/** GET /api/orders/{id}. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return api.get(`/orders/${encodeURIComponent(orderId)}`, { signal, parse: readOrderAnswer });
}

export function useOrder(orderId: string | null): Resource<Order> {
  return useResource(orderId === null ? null : `order:${orderId}`, (signal) =>
    getOrder(orderId ?? '', signal),
  );
}
