import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { HealthDetails } from '@shortlist/domain/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { checkHealth } from '../health/health-check';
import { ERROR_MESSAGES } from '../plugins/errors.plugin';
import { HttpError } from '../shared/http-error';
import type { Metrics } from './metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus series (metrics.ts). */
    metrics: Metrics;
  }
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * GET /metrics in Prometheus' text format, for operators: not for visitors. With METRICS_TOKEN
 * set it asks for that bearer token (compared in constant time) from anywhere; without it, it
 * answers only connections from this machine. The socket's address decides, never
 * X-Forwarded-For: a proxy on this machine would otherwise open it to everyone.
 *
 * Besides what the app counts itself (request latency, payments), each scrape reads: the lag of
 * every read model behind the store's head and its quarantined events (the health check's own
 * measure, in events), the jobs of every queue by state, and the document pool's use.
 */
const metricsPlugin: FastifyPluginAsync<{ metrics: Metrics; token: string | null }> = async (
  app,
  { metrics, token },
) => {
  app.decorate('metrics', metrics);
  const { registry } = metrics;

  app.addHook('onResponse', async (request, reply) => {
    metrics.requestSeconds.observe(
      {
        method: KNOWN_METHODS.has(request.method) ? request.method : 'other',
        // The pattern ('/api/orders/:id'); a request no route matched is one series, whatever
        // its URL said.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // One health check per scrape serves both projection series (the registry collects them at
  // once): the promise is shared while it is in flight.
  let health: Promise<HealthDetails> | null = null;
  const checkpoints = async () => {
    health ??= checkHealth(app).finally(() => {
      health = null;
    });
    return Object.entries((await health).projections.checkpoints);
  };
  new Gauge({
    name: 'shortlist_projection_lag_events',
    help: 'Events in the store a read model has not yet projected (counted up to 1,000)',
    labelNames: ['read_model'],
    registers: [registry],
    async collect() {
      const entries = await checkpoints();
      this.reset();
      for (const [name, checkpoint] of entries) this.set({ read_model: name }, checkpoint.lag);
    },
  });
  new Gauge({
    name: 'shortlist_projection_quarantined_events',
    help: 'Events a read model set aside after they kept failing (retryable by admins)',
    labelNames: ['read_model'],
    registers: [registry],
    async collect() {
      const entries = await checkpoints();
      this.reset();
      for (const [name, checkpoint] of entries) {
        this.set({ read_model: name }, checkpoint.quarantined);
      }
    },
  });

  const jobs = new Gauge({
    name: 'shortlist_queue_jobs',
    help: 'Background jobs by queue and state (waiting, active, delayed, failed for good)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await app.queue.counts();
      jobs.reset();
      for (const { name, ...states } of counts) {
        for (const [state, value] of Object.entries(states)) {
          jobs.set({ queue: name, state }, value);
        }
      }
    },
  });

  const pool = app.config.documentWork;
  new Gauge({
    name: 'shortlist_document_pool_jobs',
    help: 'Document jobs now running in a worker or waiting for one',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const { active } = app.documents.stats();
      this.set({ state: 'running' }, Math.min(active, pool.workers));
      this.set({ state: 'waiting' }, Math.max(0, active - pool.workers));
    },
  });
  new Gauge({
    name: 'shortlist_document_pool_capacity',
    help: 'Document workers, and jobs that may wait for one before a visitor is refused',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      this.set({ kind: 'workers' }, pool.workers);
      this.set({ kind: 'queue' }, pool.queue);
    },
  });
  new Gauge({
    name: 'shortlist_document_pool_events',
    help: 'Document jobs since start: completed, refused (pool full), workers restarted',
    labelNames: ['event'],
    registers: [registry],
    collect() {
      const stats = app.documents.stats();
      this.set({ event: 'completed' }, stats.completed);
      this.set({ event: 'refused' }, stats.refused);
      this.set({ event: 'restarted' }, stats.restarts);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, token)) {
      // Either way the same answer: nothing tells a stranger what would have opened it.
      throw new HttpError(404, ERROR_MESSAGES.notFound);
    }
    reply.header('content-type', registry.contentType);
    reply.header('cache-control', 'no-store');
    return registry.metrics();
  });
};

function mayRead(request: FastifyRequest, token: string | null): boolean {
  if (token === null) return isLoopback(request.socket.remoteAddress);
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice('Bearer '.length));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function isLoopback(address: string | undefined): boolean {
  if (address === undefined || isIP(address) === 0) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export default fp(metricsPlugin, {
  name: 'metrics',
  fastify: '5.x',
  dependencies: ['services', 'document-work'],
});
