import { readdirSync } from 'node:fs';
import { connect } from 'node:net';

/**
 * HTTP/1.1 over a raw socket, for what no HTTP client does on purpose: send a body only in part
 * and then drop the connection (`'abort'`) or half-close it (`'end'`), or send bytes no client
 * library would produce. Test-only.
 */
export interface RawRequest {
  port: number;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
  /** Send only this many bytes of the body (default: all of it). */
  sendBytes?: number;
  /** After sending: wait for the answer, drop the socket at once, or half-close and wait. */
  finish?: 'answer' | 'abort' | 'end';
}

export interface RawAnswer {
  /** null when the connection closed without any status line. */
  status: number | null;
  head: string;
  body: string;
}

export function rawHttp(request: RawRequest): Promise<RawAnswer> {
  const { body } = request;
  const sendBytes = request.sendBytes ?? body.length;
  const head =
    `${request.method} ${request.path} HTTP/1.1\r\nhost: 127.0.0.1\r\nconnection: close\r\n` +
    Object.entries({ 'content-length': String(body.length), ...request.headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: request.port });
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset a connection whose body it refused; what it answered still counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => resolve(parseAnswer(Buffer.concat(received))));
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body.subarray(0, sendBytes), () => {
        if (request.finish === 'abort') socket.destroy();
        else if (request.finish === 'end') socket.end();
      });
    });
  });
}

function parseAnswer(raw: Buffer): RawAnswer {
  const split = raw.indexOf('\r\n\r\n');
  // The status line and headers are ASCII; the body (JSON) is UTF-8.
  const head = (split === -1 ? raw : raw.subarray(0, split)).toString('latin1');
  const match = /^HTTP\/1\.1 (\d{3})/.exec(head);
  return {
    status: match?.[1] === undefined ? null : Number(match[1]),
    head,
    body: split === -1 ? '' : raw.subarray(split + 4).toString('utf8'),
  };
}

/** How many file descriptors this process holds open now (Linux). */
export function openDescriptorCount(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Polls `check` until it holds (no fixed sleep: it answers as soon as the condition is met). */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  options: { timeoutMs?: number; what: string },
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${options.what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
