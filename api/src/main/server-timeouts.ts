/**
 * How long the HTTP server waits for a client (issue 9, item 3). Fastify disables Node's
 * request timeout by default, so a client that sends half an upload and then nothing held a
 * socket, a storage write and a `.part` file for ever. These bound every connection, sized so a
 * legitimate 10 MB upload (the document cap) from a slow mobile link still completes:
 *
 * - `connectionTimeoutMs` (the socket's idle timeout): 60 s without a single byte either way
 *   closes the connection. A mobile link that stalls for a few seconds between cells keeps
 *   going; a client that stopped sending is cut within a minute, and the aborted upload is
 *   cleaned up (files/document-upload.ts).
 * - `requestTimeoutMs` (the whole request, headers and body): 10 min. 10 MB in 10 min is
 *   17.5 KB/s, about 140 kbit/s, below a poor 3G link; only a trickle slower than that (a
 *   slow-loris sending one byte every few seconds) is cut, with 408.
 * - `headersTimeoutMs`: 30 s to send the request line and headers, which are a few hundred
 *   bytes even on the slowest link.
 * - `keepAliveTimeoutMs`: 72 s, Fastify's own default, kept explicit: longer than the 60 s idle
 *   timeout of common load balancers, so the proxy closes an idle connection before we do.
 */
export const SERVER_TIMEOUTS = {
  connectionTimeoutMs: 60_000,
  requestTimeoutMs: 10 * 60_000,
  headersTimeoutMs: 30_000,
  keepAliveTimeoutMs: 72_000,
} as const;

/** The same, as Fastify's factory options (headersTimeout is set on the server: see app.ts). */
export const FASTIFY_TIMEOUT_OPTIONS = {
  connectionTimeout: SERVER_TIMEOUTS.connectionTimeoutMs,
  requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
  keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs,
} as const;
