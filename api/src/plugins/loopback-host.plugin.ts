import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../shared/http-error';

export const LOOPBACK_HOST_MESSAGE =
  'This development server answers only to localhost, 127.0.0.1 or [::1].';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the request names this machine in its Host header: a loopback name, and the port the
 * request came in on (or none). Host is what the browser puts there from the address bar, so a
 * page on another site whose name was made to resolve to 127.0.0.1 (DNS rebinding) still says
 * its own name, and is refused. The raw header is read: X-Forwarded-Host is never trusted here.
 */
function namesLoopback(request: FastifyRequest): boolean {
  const host = request.headers.host?.toLowerCase() ?? '';
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(host);
  if (match === null) return false;
  const [, name = '', port] = match;
  if (!LOOPBACK_NAMES.has(name)) return false;
  const localPort = request.raw.socket.localPort;
  return port === undefined || localPort === undefined || Number(port) === localPort;
}

/**
 * Under MAIL_PREVIEW_LINKS the server hands reset mails to anyone who asks (/forgot's preview
 * link, /api/dev/outbox), so it listens on 127.0.0.1 only (config.ts). That stops other
 * machines, not other web sites: a rebound name would let a page the developer visits read the
 * previews through the developer's own browser. Every request that does not name this machine
 * by a loopback name is answered 421 Misdirected Request before any route runs.
 */
const loopbackHostPlugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request) => {
    if (!namesLoopback(request)) throw new HttpError(421, LOOPBACK_HOST_MESSAGE);
  });
};

export default fp(loopbackHostPlugin, { name: 'loopback-host', fastify: '5.x' });
