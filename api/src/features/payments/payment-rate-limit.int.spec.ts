import { randomUUID } from 'node:crypto';
import { ACCOUNT_ROUTE_MESSAGES } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { PAYMENT_RATE_LIMITS } from './payment-rate-limits';

// Checkout and verify are limited per client IP (each call costs a provider round trip), far above
// a real customer.
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.tokenFor({ id: randomUUID(), role: 'user' });
});
afterAll(async () => {
  await t?.close();
});

const bodies = {
  checkout: () => ({ orderId: randomUUID() }),
  verify: () => ({
    orderId: randomUUID(),
    razorpay_order_id: 'order_x',
    razorpay_payment_id: 'pay_x',
    razorpay_signature: 'sig',
  }),
};

function post(route: keyof typeof bodies, remoteAddress: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payments/${route}`,
    remoteAddress,
    headers: { authorization: `Bearer ${token}` },
    payload: bodies[route](),
  });
}

describe.each(['checkout', 'verify'] as const)('POST /api/payments/%s', (route) => {
  it('answers 429 past the per-IP limit, and not to another address', async () => {
    const { max } = PAYMENT_RATE_LIMITS[route];
    const ip = `10.9.${route === 'checkout' ? 1 : 2}.1`;
    const statuses: number[] = [];
    for (let i = 0; i < max; i += 1) statuses.push((await post(route, ip)).statusCode);
    // Unknown orders: refused, but each one counted.
    expect(new Set(statuses)).toEqual(new Set([404]));
    const over = await post(route, ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: ACCOUNT_ROUTE_MESSAGES.tooManyAttempts });
    expect((await post(route, '10.9.3.1')).statusCode).toBe(404);
  });
});
