import type { OrderView } from '@shortlist/domain/contract';
import { getOrderRoute } from '@shortlist/domain/contract';
import { type ApiClient, callApi } from '@shortlist/web-kit';
import { isPaid } from '../../shared/orders/order-facts';

/** SPEC §4, §9: after verification the order is read up to 6 times, 800 ms apart. */
const PAYMENT_POLL_ATTEMPTS = 6;
const PAYMENT_POLL_INTERVAL_MS = 800;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Reads the order until it shows paid (the projection may lag the verification by a moment).
 * Resolves with the last order read, paid or not, or null when no read succeeded.
 */
export async function waitUntilPaid(client: ApiClient, orderId: string): Promise<OrderView | null> {
  let last: OrderView | null = null;
  for (let attempt = 0; attempt < PAYMENT_POLL_ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(PAYMENT_POLL_INTERVAL_MS);
    try {
      last = (await callApi(client, getOrderRoute, { params: { id: orderId } })).order;
      if (isPaid(last)) return last;
    } catch {
      // A failed read is one attempt spent; the next may succeed.
    }
  }
  return last;
}
