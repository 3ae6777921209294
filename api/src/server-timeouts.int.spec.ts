import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from './files/testing/document-fixtures';
import { SLOW_BODY_MESSAGE } from './plugins/body-rate.plugin';
import { BODY_RATE, SERVER_TIMEOUTS } from './server-timeouts';
import {
  multipartForm,
  ORDER_FLOW_TEST_LIMITS,
  registerUser,
  type TestUser,
} from './testing/orders-test-kit';
import { createTestApp, type TestApp } from './testing/test-app';

// Slow clients over real sockets: one that trickles its headers, one that trickles its body,
// and uploads kept at a pace just above and just below the body's minimum rate.

interface SlowAnswer {
  status: number | null;
  body: string;
  /** From the first byte sent to the server closing the connection. */
  heldMs: number;
}

/**
 * Sends `head` and then `rest` in `chunk`-byte pieces every `everyMs`, as a slow or hostile
 * client would, until the server answers and closes (or everything is sent and answered).
 */
function slowClient(
  port: number,
  head: string,
  rest: Buffer,
  pace: { chunk: number; everyMs: number },
): Promise<SlowAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    let startedAt = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(timer);
      const raw = Buffer.concat(received).toString('utf8');
      const match = /^HTTP\/1\.1 (\d{3})/.exec(raw);
      resolve({
        status: match?.[1] === undefined ? null : Number(match[1]),
        body: raw.slice(raw.indexOf('\r\n\r\n') + 4),
        heldMs: Date.now() - startedAt,
      });
    });
    socket.on('connect', () => {
      startedAt = Date.now();
      socket.write(head);
      let sent = 0;
      timer = setInterval(() => {
        if (sent >= rest.length || socket.destroyed) {
          clearInterval(timer);
          return;
        }
        socket.write(rest.subarray(sent, sent + pace.chunk));
        sent += pace.chunk;
      }, pace.everyMs);
    });
  });
}

describe('with the production timeouts', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('cuts a client that trickles its headers or its body within seconds, not minutes', async () => {
    const headersGraceMs = SERVER_TIMEOUTS.headersTimeoutMs;
    const bodyGraceMs = BODY_RATE.bodyGraceMs;
    const body = Buffer.from(JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(200) }));
    const [headers, trickledBody] = await Promise.all([
      // Headers, one byte every half second (they would take minutes to end).
      slowClient(
        port,
        'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\n',
        Buffer.from(`X-Padding: ${'p'.repeat(400)}\r\n\r\n`),
        { chunk: 1, everyMs: 500 },
      ),
      // A complete head, then the body at one byte every 200 ms (5 bytes a second).
      slowClient(
        port,
        'POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${body.length}\r\n\r\n`,
        body,
        { chunk: 1, everyMs: 200 },
      ),
    ]);
    console.log(`slow headers held ${headers.heldMs} ms, slow body ${trickledBody.heldMs} ms`);

    expect(headers.status).toBe(408);
    expect(headers.heldMs).toBeGreaterThanOrEqual(headersGraceMs - 500);
    expect(headers.heldMs).toBeLessThan(headersGraceMs + 4000);

    expect(trickledBody.status).toBe(408);
    expect(JSON.parse(trickledBody.body)).toEqual({ message: SLOW_BODY_MESSAGE });
    expect(trickledBody.heldMs).toBeGreaterThanOrEqual(bodyGraceMs - 500);
    expect(trickledBody.heldMs).toBeLessThan(bodyGraceMs + 4000);
  }, 30_000);
});

describe('the body minimum rate, shortened (1 s grace, 64 KiB/s)', () => {
  let t: TestApp;
  let port: number;
  let alice: TestUser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-body-rate-'));
    t = await createTestApp({
      env: { DATA_DIR: dataDir },
      limits: ORDER_FLOW_TEST_LIMITS,
      bodyRate: { bodyGraceMs: 1000, minBodyBytesPerSecond: 64 * 1024 },
    });
    alice = await registerUser(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const storedFiles = async () =>
    (
      await readdir(join(dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(
        () => [],
      )
    )
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);

  /** A 640 KiB PDF as the home dialog uploads it, sent at `bytesPerSecond`. */
  function upload(bytesPerSecond: number) {
    const content = Buffer.alloc(640 * 1024, 0x20);
    minimalPdf().copy(content);
    const form = multipartForm([
      ['service', 'resume_review'],
      ['file', { filename: 'cv.pdf', content, contentType: 'application/pdf' }],
    ]);
    const head =
      'POST /api/orders/service HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n' +
      `Authorization: ${alice.auth.authorization}\r\n` +
      `Content-Type: ${form.headers['content-type']}\r\nContent-Length: ${form.payload.length}\r\n\r\n`;
    const chunk = 8 * 1024;
    return slowClient(port, head, form.payload, {
      chunk,
      everyMs: Math.round((chunk / bytesPerSecond) * 1000),
    });
  }

  it('lets an upload that keeps the pace finish, long after the grace', async () => {
    // 640 KiB at 128 KiB/s: five seconds, five times the grace.
    const answer = await upload(128 * 1024);
    expect(answer.status).toBe(201);
    expect(answer.heldMs).toBeGreaterThan(4000);
  }, 30_000);

  it('cuts an upload below the pace, keeping nothing of it', async () => {
    const before = await storedFiles();
    // 16 KiB/s: its deadline (1 s + a second per 64 KiB) falls behind the clock at about 1.3 s.
    const answer = await upload(16 * 1024);
    expect(answer.status).toBe(408);
    expect(answer.heldMs).toBeLessThan(5000);
    await expect.poll(storedFiles, { timeout: 5000 }).toEqual(before);
    const errors = t.logs.entries().filter((entry) => Number(entry.level) >= 50);
    expect(errors).toEqual([]);
  }, 30_000);
});
