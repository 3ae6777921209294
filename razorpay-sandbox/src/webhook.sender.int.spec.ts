import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createWebhookSender } from './webhook.sender';

// A real HTTP receiver on 127.0.0.1 that refuses the first deliveries.
let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
});

async function receiver(refuseFirst: number) {
  const received: { body: string; signature: string | undefined }[] = [];
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const header = request.headers['x-razorpay-signature'];
      received.push({ body, signature: typeof header === 'string' ? header : undefined });
      response.statusCode = received.length <= refuseFirst ? 503 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, received };
}

it('retries until the receiver answers 2xx, with the same body and headers', async () => {
  const { url, received } = await receiver(2);
  const sender = createWebhookSender({ firstDelayMs: 10 });
  sender.send({
    url,
    body: '{"event":"payment.captured"}',
    headers: { 'x-razorpay-signature': 'abc' },
  });
  await sender.idle();
  expect(received).toHaveLength(3);
  expect(new Set(received.map((r) => r.body))).toEqual(new Set(['{"event":"payment.captured"}']));
  expect(received.every((r) => r.signature === 'abc')).toBe(true);
  await sender.close();
});

it('gives up after its attempts', async () => {
  const { url, received } = await receiver(100);
  const sender = createWebhookSender({ attempts: 3, firstDelayMs: 5 });
  sender.send({ url, body: '{}', headers: {} });
  await sender.idle();
  expect(received).toHaveLength(3);
  await sender.close();
});
