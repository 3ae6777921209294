import { api, type Resource, useResource } from '@shortlist/web-kit';

/** SPEC §3 "Stats response (customer)". */
export interface CustomerStats {
  totals: { resumes: number; orders: number };
  orders: { pending: number; completed: number };
}

const count = (value: unknown): number => {
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : 0;
};
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function readStats(data: unknown): CustomerStats {
  const body = record(data);
  const totals = record(body.totals);
  const orders = record(body.orders);
  return {
    totals: { resumes: count(totals.resumes), orders: count(totals.orders) },
    orders: { pending: count(orders.pending), completed: count(orders.completed) },
  };
}

/** GET /api/me/stats. */
export function getStats(signal?: AbortSignal): Promise<CustomerStats> {
  return api.get('/me/stats', { signal, parse: readStats });
}

export function useStats(userId: string | null): Resource<CustomerStats> {
  return useResource(userId === null ? null : `stats:${userId}`, getStats);
}
