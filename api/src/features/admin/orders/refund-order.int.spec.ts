import { randomUUID } from 'node:crypto';
import { ORDER_MESSAGES, orderStreamName, paymentStreamName } from '@shortlist/domain';
import { ADMIN_MESSAGES, type OrderView } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPaymentsTestApp,
  eventually,
  type PaymentsTestApp,
} from '../../../testing/payments-test-kit';

// POST /api/admin/orders/{id}/refund over HTTP on the real app: an admin token, the sandbox as
// the provider, the orders read model behind the admin's screens.
let t: PaymentsTestApp;
let admin: string;

beforeAll(async () => {
  t = await createPaymentsTestApp();
  admin = await t.tokenFor({ id: randomUUID(), role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

function refund(orderId: string, token = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refund`,
    headers: { authorization: `Bearer ${token}` },
  });
}

async function adminOrder(orderId: string): Promise<OrderView | null> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/admin/orders/${orderId}`,
    headers: { authorization: `Bearer ${admin}` },
  });
  return answer.statusCode === 200 ? (answer.json() as { order: OrderView }).order : null;
}

/** A checked-out order paid through the sandbox, as the admin's orders screen shows it. */
async function paidOrder() {
  const { orderId, customer, providerOrderId } = await t.checkedOut();
  const paid = await t.pay(providerOrderId);
  const verified = await t.post('/payments/verify', { orderId, ...paid }, customer.token);
  expect(verified.status).toBe(200);
  await eventually(async () => {
    expect(await adminOrder(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'pending' });
  });
  return { orderId, customer, paymentId: paid.razorpay_payment_id };
}

describe('POST /api/admin/orders/{id}/refund', () => {
  it('answers once the admin screens show the refund: its order and the next read say refunded', async () => {
    // Several orders: one projection that happens to be quick enough must not hide a missing wait.
    for (let i = 0; i < 5; i += 1) {
      const { orderId } = await paidOrder();
      const answer = await refund(orderId);
      expect(answer.statusCode).toBe(200);
      const body = answer.json() as { message: string; order: OrderView };
      expect(body.message).toBe(ADMIN_MESSAGES.refundIssued);
      expect(body.order).toMatchObject({ id: orderId, status: 'refunded' });
      expect((await adminOrder(orderId))?.status).toBe('refunded');
    }
  });

  it('refunds once, with one provider refund, when asked twice', async () => {
    const { orderId, paymentId } = await paidOrder();
    const first = await refund(orderId);
    const second = await refund(orderId);
    expect(first.statusCode).toBe(200);
    expect(second.json().refund).toEqual(first.json().refund);
    expect(first.json().refund).toMatchObject({ orderId, amountMinor: 85_000, currency: 'INR' });
    expect(second.json().order.status).toBe('refunded');
    expect(await t.sandbox.refundsOf(paymentId)).toHaveLength(1);
    expect(await t.countOf(orderStreamName(orderId), 'OrderRefunded')).toBe(1);
    expect(await t.countOf(paymentStreamName(orderId), 'RefundIssued')).toBe(1);
    // Razorpay's refund.processed arrives later: already known, nothing more.
    const processed = t.emitted.find(
      (e) => e.event === 'refund.processed' && e.payload.refund?.entity.payment_id === paymentId,
    );
    if (processed === undefined) throw new Error('no refund.processed');
    expect(await t.deliver(processed)).toBe(200);
    await t.services.queue.whenIdle();
    expect(await t.countOf(orderStreamName(orderId), 'OrderRefunded')).toBe(1);
    expect(await t.countOf(paymentStreamName(orderId), 'RefundIssued')).toBe(1);
  });

  it('refunds once at the provider when two admins ask at the same moment', async () => {
    const { orderId, paymentId } = await paidOrder();
    const other = await t.tokenFor({ id: randomUUID(), role: 'admin' });
    const [a, b] = await Promise.all([refund(orderId), refund(orderId, other)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().refund.refundId).toBe(b.json().refund.refundId);
    expect(await t.sandbox.refundsOf(paymentId)).toHaveLength(1);
    expect(await t.countOf(orderStreamName(orderId), 'OrderRefunded')).toBe(1);
  });

  it('refuses an unpaid order, one no longer pending, and a customer', async () => {
    const unpaid = await t.checkedOut();
    expect((await refund(unpaid.orderId)).json()).toEqual({ message: ORDER_MESSAGES.notPaid });
    const { orderId, customer, paymentId } = await paidOrder();
    expect((await refund(orderId, customer.token)).statusCode).toBe(403);
    await t.onOrder(orderId, { type: 'SetOrderStatus', data: { status: 'processing' } });
    const late = await refund(orderId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: ORDER_MESSAGES.refundOnlyWhilePending });
    expect(await t.sandbox.refundsOf(paymentId)).toHaveLength(0);
  });
});
