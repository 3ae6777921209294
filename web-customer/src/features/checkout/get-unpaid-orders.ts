import { type Resource, useResource } from '@shortlist/web-kit';
import { getOrderHistory } from '../../shared/orders/get-order-history';
import { isPaid, newestFirst, type Order } from '../../shared/orders/order';

/** The customer's orders awaiting payment (SPEC §2 Checkout without orderId), newest first. */
export async function getUnpaidOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  const orders = await getOrderHistory(email, signal);
  return newestFirst(orders.filter((order) => !isPaid(order)));
}

export function useUnpaidOrders(email: string | null): Resource<Order[]> {
  return useResource(email === null ? null : `unpaid:${email}`, (signal) =>
    getUnpaidOrders(email ?? '', signal),
  );
}
