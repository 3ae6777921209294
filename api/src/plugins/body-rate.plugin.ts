import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** The minimum rate a request body must keep (values and reasons: server-timeouts.ts). */
export interface BodyRate {
  /** Time every body gets before the rate counts. */
  bodyGraceMs: number;
  /** Each this many bytes received extend the body's deadline by one second. */
  minBodyBytesPerSecond: number;
}

export const SLOW_BODY_MESSAGE = 'The request was sent too slowly. Please try again.';

const SLOW_BODY_RESPONSE = (() => {
  const body = JSON.stringify({ message: SLOW_BODY_MESSAGE });
  return (
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n' +
    `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `\r\n${body}`
  );
})();

function hasBody(raw: IncomingMessage): boolean {
  const length = raw.headers['content-length'];
  return (length !== undefined && length !== '0') || raw.headers['transfer-encoding'] !== undefined;
}

/**
 * Watches one request's body: it must arrive by `bodyGraceMs` plus one second per
 * `minBodyBytesPerSecond` received so far (Apache's mod_reqtimeout `body=…,MinRate=…`). The
 * deadline moves on with every byte, so a real upload on a slow link is never cut while it keeps
 * the pace, and a client that trickles is cut once the grace is over. Counted on the socket
 * (bytesRead), so it costs one timer per request with a body and nothing per chunk. Node's own
 * timeouts have no such rule: its requestTimeout is one deadline for the whole request.
 */
export function watchBodyRate(
  raw: IncomingMessage,
  response: ServerResponse,
  rate: BodyRate,
  onCut: (received: number) => void,
): void {
  const socket: Socket | undefined = raw.socket;
  // An injected request (tests) has no real socket and arrives whole.
  if (typeof socket?.bytesRead !== 'number' || raw.complete || !hasBody(raw)) return;
  const startedAt = Date.now();
  const startBytes = socket.bytesRead;
  let timer: NodeJS.Timeout | undefined;
  const check = () => {
    if (raw.complete || socket.destroyed) return;
    const received = socket.bytesRead - startBytes;
    const deadline = startedAt + rate.bodyGraceMs + (received / rate.minBodyBytesPerSecond) * 1000;
    const now = Date.now();
    if (now < deadline) {
      timer = setTimeout(check, Math.ceil(deadline - now));
      timer.unref();
      return;
    }
    // As Node answers its own request timeout: a 408 unless an answer has begun, then close.
    if (socket.writable && !response.headersSent) socket.write(SLOW_BODY_RESPONSE);
    socket.destroy();
    onCut(received);
  };
  timer = setTimeout(check, rate.bodyGraceMs);
  timer.unref();
  const stop = () => clearTimeout(timer);
  raw.once('end', stop);
  raw.once('close', stop);
}

/** Every request's body keeps the minimum rate, or its connection is closed (408). */
const bodyRatePlugin: FastifyPluginAsync<BodyRate> = async (app, rate) => {
  app.addHook('onRequest', (request, reply, done) => {
    watchBodyRate(request.raw, reply.raw, rate, (received) => {
      request.log.info({ received }, 'Request body too slow; connection closed');
    });
    done();
  });
};

export default fp(bodyRatePlugin, { name: 'body-rate', fastify: '5.x' });
