import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { LOOPBACK_HOST_MESSAGE } from './loopback-host.plugin';

// DNS rebinding against MAIL_PREVIEW_LINKS: a page on evil.example whose name is made to
// resolve to 127.0.0.1 sends its requests to this server with `Host: evil.example:{port}`.

let previews: TestApp;
let plain: TestApp;

async function listening(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return t;
}

beforeAll(async () => {
  [previews, plain] = await Promise.all([
    listening({ MAIL_PREVIEW_LINKS: 'true', NODE_ENV: 'development' }),
    listening({}),
  ]);
});

afterAll(async () => {
  await Promise.all([previews?.close(), plain?.close()]);
});

const portOf = (t: TestApp) => (t.app.server.address() as AddressInfo).port;

/** GET over a real socket to 127.0.0.1 with the Host header a browser would send. */
function get(t: TestApp, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: portOf(t), path, method: 'GET', headers: { host } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('MAIL_PREVIEW_LINKS serves loopback Host headers only', () => {
  it('answers localhost, 127.0.0.1 and [::1] with the port, or none', async () => {
    const port = portOf(previews);
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'LOCALHOST']) {
      expect((await get(previews, '/api/health', host)).status, host).toBe(200);
    }
  });

  it('refuses any other name with 421, before any route (the dev outbox included)', async () => {
    const port = portOf(previews);
    for (const host of [
      `evil.example:${port}`,
      'evil.example',
      `localhost.evil.example:${port}`,
      `127.0.0.1.nip.io:${port}`,
      `localhost:${port + 1}`,
      `192.168.1.20:${port}`,
    ]) {
      const answer = await get(previews, '/api/dev/outbox/anything', host);
      expect(answer.status, host).toBe(421);
      expect(JSON.parse(answer.body), host).toEqual({ message: LOOPBACK_HOST_MESSAGE });
    }
  });

  it('leaves every Host alone without MAIL_PREVIEW_LINKS (a proxy names the site)', async () => {
    expect((await get(plain, '/api/health', 'shortlist.example')).status).toBe(200);
  });
});
