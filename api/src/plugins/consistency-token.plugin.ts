import type { Position } from '@shortlist/eventstore';
import { PROJECTION_NAMES, type ProjectionName } from '@shortlist/projections';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Read-your-writes without making commands wait: the consistency token.
 *
 * A command answers as soon as its events are durable in the store, and its answer carries the
 * global position of what it wrote in this header. The web apps send back the furthest position
 * they have seen on every later request; a request carrying one waits (at most
 * PROJECTION_WAIT_MS) until the read models it reads have projected that far, and only while
 * they are behind: the checkpoint waiter knows every checkpoint from LISTEN, so a caught-up read
 * costs nothing. The checkpoints are rows of the shared database, so this holds whichever API
 * instance takes the next request.
 *
 * Chosen over projecting inline in the append's transaction because it works the same on both
 * stores (KurrentDB cannot share a PostgreSQL transaction), keeps one projection path (the
 * projectors', with its quarantine of poison events, rebuilds and leases) instead of two that
 * must agree, and leaves the command's transaction as small as the store makes it (group
 * commit included). The cost is moved to the reader, who pays only when it really is ahead.
 */
export const CONSISTENCY_TOKEN_HEADER = 'consistency-token';

/**
 * The adapters' position formats (PostgreSQL's position-pair.codec.ts, KurrentDB's
 * kurrentdb-position.codec.ts): anything else is ignored.
 */
const POSITION_PATTERN = /^(\d{20}-\d{20}|kurrentdb:\d{20}:\d{20})$/;

/**
 * What a request waits for unless its route names its own read models (route config
 * `readModels`): every read model but the audit log, which no answer to a customer, admin or
 * influencer reads on the request path and which is the one most likely to lag.
 */
const DEFAULT_READ_MODELS: readonly ProjectionName[] = PROJECTION_NAMES.filter(
  (name) => name !== 'audit_log',
);

declare module 'fastify' {
  interface FastifyRequest {
    /** The position this request's command wrote up to; sent back as the consistency token. */
    writtenAt: Position | null;
  }
  interface FastifyContextConfig {
    /** The read models this route's answer reads (default: all but the audit log). */
    readModels?: readonly ProjectionName[];
  }
}

/** The furthest of two positions (positions compare as strings, event-store.port.ts). */
export function furthest(a: Position | null, b: Position | null): Position | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

/** Records what a command wrote, so its answer carries the token. */
export function answerAfter(request: FastifyRequest, position: Position | null): void {
  request.writtenAt = furthest(request.writtenAt, position);
}

const consistencyTokenPlugin: FastifyPluginAsync = async (app) => {
  app.decorateRequest('writtenAt', null);

  app.addHook('onRequest', async (request) => {
    request.writtenAt = null;
  });

  app.addHook('preHandler', async (request) => {
    const token = request.headers[CONSISTENCY_TOKEN_HEADER];
    if (typeof token !== 'string' || !POSITION_PATTERN.test(token)) return;
    const readModels = request.routeOptions.config?.readModels ?? DEFAULT_READ_MODELS;
    if (readModels.length === 0) return;
    // Already there: no query, no wait (the usual case).
    if (await app.waiter.waitFor(token, { projections: readModels, timeoutMs: 0 })) return;
    // A token past the store's end (made up, or from another installation) would hold the
    // request for the whole wait: wait for no more than what the store holds. The committed
    // end, not the readable head: an older transaction still open keeps the caller's own write
    // past the head for a moment, and capping the wait there answered without that write.
    const end = await app.store.committedHeadPosition();
    if (end === null) return;
    const target = token < end ? token : end;
    const reached = await app.waiter.waitFor(target, {
      projections: readModels,
      timeoutMs: app.config.projectionWaitMs,
    });
    if (!reached) {
      request.log.warn(
        { position: target, readModels, timeoutMs: app.config.projectionWaitMs },
        'Read models did not reach the consistency token in time; answering anyway',
      );
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.writtenAt !== null) reply.header(CONSISTENCY_TOKEN_HEADER, request.writtenAt);
  });
};

export default fp(consistencyTokenPlugin, {
  name: 'consistency-token',
  fastify: '5.x',
  dependencies: ['services'],
});
