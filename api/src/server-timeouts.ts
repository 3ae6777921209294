import type { BodyRate } from './plugins/body-rate.plugin';

/**
 * How long the HTTP server waits for a client. Fastify disables Node's request timeout by
 * default, so a client that sends half an upload and then nothing held a socket, a storage write
 * and a `.part` file for ever; and one that trickles a byte now and then was held until a
 * whole-request timeout measured in minutes. What is held now is bounded in seconds, except for
 * a body that keeps arriving at a real upload's pace:
 *
 * - `headersTimeoutMs`: 10 s for the request line and headers, a few hundred bytes that even
 *   the slowest mobile link sends in well under a second. Node checks it (and the request
 *   timeout) every `connectionsCheckingIntervalMs`, 1 s, rather than its default 30 s, which
 *   let a slow-header client stay up to 40 s.
 * - the body's minimum rate (body-rate.plugin.ts, Apache's mod_reqtimeout `MinRate` rule): a
 *   body gets `bodyGraceMs` (10 s), plus one second for every `minBodyBytesPerSecond` (16 KiB)
 *   it has sent. A client that trickles is cut with 408 ten seconds in; an upload that averages
 *   at least 16 KiB/s (128 kbit/s, an EDGE or very poor 3G uplink: Chrome's "Slow 3G" preset
 *   sends 50 KB/s) goes on however long it takes: a 10 MB scan at that pace needs 11 minutes, a
 *   typical 110 KB resume 7 s.
 * - `requestTimeoutMs` (Node's, the whole request): the backstop, 12 minutes, only reached by a
 *   body that keeps to the minimum rate all the way: 10 s + 11 MiB (the largest body a route
 *   takes: a 10 MB file and its form fields) / 16 KiB/s = 714 s.
 * - `connectionTimeoutMs` (the socket's idle timeout): 60 s without a single byte either way
 *   closes the connection, and the aborted upload is cleaned up (files/document-upload.ts). It is
 *   also the longest a request may take to be answered, so it stays above the slowest work a
 *   route does (document checks in the worker pool, a projection wait).
 * - `keepAliveTimeoutMs`: 72 s, Fastify's own default, kept explicit: longer than the 60 s idle
 *   timeout of common load balancers, so the proxy closes an idle connection before we do.
 *
 * How many such connections one address may hold: the upload routes are rate limited per client
 * address before their body is read (service orders 30 and ATS checks 20 per address in their
 * windows), so one address can have at most that many uploads in flight, each of which must keep
 * up the minimum rate to stay open. Behind a proxy that address is the client's (TRUST_PROXY).
 */
export const SERVER_TIMEOUTS = {
  connectionTimeoutMs: 60_000,
  requestTimeoutMs: 12 * 60_000,
  headersTimeoutMs: 10_000,
  connectionsCheckingIntervalMs: 1_000,
  keepAliveTimeoutMs: 72_000,
} as const;

/** The body's minimum rate (body-rate.plugin.ts), as explained above. */
export const BODY_RATE: BodyRate = {
  bodyGraceMs: 10_000,
  minBodyBytesPerSecond: 16 * 1024,
};

/** The same, as Fastify's factory options (the header timeouts are the server's: see app.ts). */
export const FASTIFY_TIMEOUT_OPTIONS = {
  connectionTimeout: SERVER_TIMEOUTS.connectionTimeoutMs,
  requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
  keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs,
} as const;
