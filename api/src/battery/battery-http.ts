import { request as httpRequest } from 'node:http';

/**
 * HTTP for the batteries that drive a real server from outside (kill -9 under load, services
 * mode): plain `node:http`, one connection per request, and a refused or cut connection is an
 * answer with status 0 rather than a throw, because killing the server is the point.
 */
export interface Answer {
  /** 0 when the connection failed (the server was killed). */
  status: number;
  body: Record<string, unknown>;
}

export function send(
  baseUrl: string,
  options: {
    method: string;
    path: string;
    body?: unknown;
    raw?: string;
    token?: string | undefined;
    headers?: Record<string, string>;
    localAddress?: string;
  },
): Promise<Answer> {
  const target = new URL(options.path, baseUrl);
  const payload =
    options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (payload !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve) => {
    const outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: options.method,
        headers,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', () => resolve({ status: 0, body: {} }));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: Record<string, unknown> = {};
          try {
            const parsed: unknown = text ? JSON.parse(text) : {};
            if (typeof parsed === 'object' && parsed !== null) {
              body = parsed as Record<string, unknown>;
            }
          } catch {
            body = { text };
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
      },
    );
    outgoing.on('error', () => resolve({ status: 0, body: {} }));
    outgoing.end(payload);
  });
}

export function field(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new Error(`no ${name} in ${JSON.stringify(body)}`);
  return value;
}

export function numberField(body: Record<string, unknown>, name: string): number {
  const value = body[name];
  if (typeof value !== 'number') throw new Error(`no ${name} in ${JSON.stringify(body)}`);
  return value;
}

export function objectField(body: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = body[name];
  if (typeof value !== 'object' || value === null) {
    throw new Error(`no ${name} in ${JSON.stringify(body)}`);
  }
  return value as Record<string, unknown>;
}

/**
 * Client addresses in 127.{block}.0.0/16, one per call (Linux answers the whole of 127/8 on
 * loopback), so per-IP rate limits count each simulated customer apart.
 */
export function localAddresses(block: number): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `127.${block}.${Math.floor(next / 250) % 250}.${(next % 250) + 1}`;
  };
}
