import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus series this process keeps itself (prom-client). One registry per app, not
 * prom-client's global one: tests build several apps in one process, and each must count alone.
 * Series read from elsewhere at scrape time (projection lag, queues, the document pool) are
 * added by metrics.plugin.ts.
 */
export interface Metrics {
  registry: Registry;
  /** Request latency by method, route pattern (never the raw URL: no personal data) and status. */
  requestSeconds: Histogram<'method' | 'route' | 'status_code'>;
  /** Payment events this process stored, by what happened (payment-outcomes.ts). */
  payments: Counter<'outcome'>;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requestSeconds: new Histogram({
      name: 'shortlist_http_request_duration_seconds',
      help: 'Time from a request arriving to its answer sent, by route pattern',
      labelNames: ['method', 'route', 'status_code'],
      // From a cached read (~1 ms) to the longest document job (DOCUMENT_JOB_SECONDS).
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
      registers: [registry],
    }),
    payments: new Counter({
      name: 'shortlist_payments_total',
      help: 'Payment events stored by this process, by outcome',
      labelNames: ['outcome'],
      registers: [registry],
    }),
  };
}
