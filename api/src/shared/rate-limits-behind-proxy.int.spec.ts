import type { AddressInfo } from 'node:net';
import { CONTACT_MESSAGES } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

// Per-IP limits behind a TLS proxy (TRUST_PROXY). Every connection then comes from the proxy's
// address; the client is named by the proxy in X-Forwarded-For. Real sockets from 127.0.0.1
// play the proxy; the contact form (5 a minute per client) is the per-IP limit observed.

let proxied: TestApp;
let direct: TestApp;

async function listening(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp({ env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return t;
}

beforeAll(async () => {
  [proxied, direct] = await Promise.all([listening({ TRUST_PROXY: '127.0.0.1' }), listening({})]);
});

afterAll(async () => {
  await Promise.all([proxied?.close(), direct?.close()]);
});

/** A contact-form message sent over a real socket, the proxy naming `client`. */
async function contact(t: TestApp, client: string): Promise<number> {
  const { port } = t.app.server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/api/queries`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({
      pid: '',
      contactemail: 'visitor@example.com',
      contactmessage: 'Hello there',
    }),
  });
  if (response.status === 429) {
    expect(await response.json()).toEqual({ message: CONTACT_MESSAGES.tooManyAttempts });
  } else {
    await response.arrayBuffer();
  }
  return response.status;
}

async function statuses(t: TestApp, client: string, count: number): Promise<number[]> {
  const answers: number[] = [];
  for (let i = 0; i < count; i += 1) answers.push(await contact(t, client));
  return answers;
}

describe('TRUST_PROXY', () => {
  it('set to the proxy: two clients behind it are limited separately', async () => {
    expect(await statuses(proxied, '203.0.113.10', 6)).toEqual([201, 201, 201, 201, 201, 429]);
    // The second client is not held back by the first one's messages.
    expect(await statuses(proxied, '203.0.113.20', 5)).toEqual([201, 201, 201, 201, 201]);
    // The proxy appends the address it saw to what the client sent: a client that writes its
    // own X-Forwarded-For still counts as the address the proxy saw.
    expect(await contact(proxied, '198.51.100.1, 203.0.113.10')).toBe(429);
  });

  it('unset: a forged X-Forwarded-For is ignored, the socket is the client', async () => {
    const forged = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    for (const address of forged) expect(await contact(direct, address)).toBe(201);
    expect(await contact(direct, '198.51.100.6')).toBe(429);
  });
});
