import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentProvider, PaymentProviderError } from './payment-provider.port';

/**
 * The executable definition of PaymentProvider, run against every adapter: the razorpay SDK
 * aimed at the sandbox, the in-process sandbox, and Razorpay's test mode itself
 * (`razorpay.provider.razorpay.spec.ts`, only where test keys exist).
 */
export interface PaymentProviderHarness {
  provider: PaymentProvider;
  /** The same account reached with a wrong key secret. */
  withWrongSecret: PaymentProvider;
  /**
   * Pays a provider order as a customer would and returns the payment id. Razorpay's test mode
   * needs a browser for that, so its harness has none and the refund cases are not defined.
   */
  pay?: (providerOrderId: string, method: 'card' | 'upi') => Promise<string>;
  close(): Promise<void>;
}

async function rejection(promise: Promise<unknown>): Promise<PaymentProviderError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PaymentProviderError);
    if (error instanceof PaymentProviderError) return error;
  }
  throw new Error('Expected the provider to refuse');
}

const receipt = () => `rcpt_${randomUUID().slice(0, 18)}`;

export function testPaymentProvider(
  name: string,
  setup: () => Promise<PaymentProviderHarness>,
  capabilities: { canPay: boolean },
): void {
  describe(`PaymentProvider contract: ${name}`, () => {
    let harness: PaymentProviderHarness;

    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(async () => {
      await harness?.close();
    });

    it('creates an INR order in minor units, keyed by our receipt', async () => {
      const ours = receipt();
      const order = await harness.provider.createOrder({
        amountMinor: 85_000,
        currency: 'INR',
        receipt: ours,
        notes: { orderId: ours },
      });
      expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);
      expect(order).toMatchObject({
        amountMinor: 85_000,
        amountPaidMinor: 0,
        amountDueMinor: 85_000,
        currency: 'INR',
        receipt: ours,
        status: 'created',
        attempts: 0,
        notes: { orderId: ours },
      });
      expect(order.createdAt).toBeGreaterThan(1_600_000_000);
    });

    it('creates a USD order', async () => {
      const order = await harness.provider.createOrder({
        amountMinor: 1_700,
        currency: 'USD',
        receipt: receipt(),
      });
      expect(order).toMatchObject({ amountMinor: 1_700, currency: 'USD', status: 'created' });
      expect(order.notes).toEqual({});
    });

    it('fetches an order as created', async () => {
      const created = await harness.provider.createOrder({
        amountMinor: 20_000,
        currency: 'INR',
        receipt: receipt(),
      });
      expect(await harness.provider.fetchOrder(created.id)).toEqual(created);
    });

    it("refuses an unknown order id with Razorpay's BAD_REQUEST_ERROR", async () => {
      const error = await rejection(harness.provider.fetchOrder('order_DoesNotExist01'));
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('BAD_REQUEST_ERROR');
    });

    it('refuses an amount that is not a whole number of minor units', async () => {
      const error = await rejection(
        harness.provider.createOrder({ amountMinor: 100.5, currency: 'INR', receipt: receipt() }),
      );
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('BAD_REQUEST_ERROR');
    });

    it('refuses a wrong key secret with 401', async () => {
      const error = await rejection(
        harness.withWrongSecret.createOrder({
          amountMinor: 100,
          currency: 'INR',
          receipt: receipt(),
        }),
      );
      expect(error.statusCode).toBe(401);
    });

    it("refuses to fetch a payment that does not exist with Razorpay's BAD_REQUEST_ERROR", async () => {
      const error = await rejection(harness.provider.fetchPayment('pay_DoesNotExist0001'));
      expect(error.statusCode).toBe(400);
      expect(error.code).toBe('BAD_REQUEST_ERROR');
    });

    it('refuses to refund a payment that does not exist', async () => {
      const error = await rejection(
        harness.provider.refund({
          paymentId: 'pay_DoesNotExist0001',
          amountMinor: 100,
          idempotencyKey: randomUUID(),
        }),
      );
      expect(error.statusCode).toBe(400);
    });

    it('names its Checkout.js and public key', () => {
      expect(harness.provider.checkoutScriptUrl).toMatch(/checkout\.js$/);
      expect(harness.provider.keyId).not.toBe('');
    });

    // Left undefined (not skipped) where no customer can be simulated: nothing counts as passed.
    if (!capabilities.canPay) return;

    const payOrder = (providerOrderId: string, method: 'card' | 'upi' = 'card') => {
      if (harness.pay === undefined) throw new Error(`${name} claims canPay but has no pay()`);
      return harness.pay(providerOrderId, method);
    };

    describe('after a customer paid', () => {
      it('reports the order paid in full', async () => {
        const order = await harness.provider.createOrder({
          amountMinor: 1_400,
          currency: 'USD',
          receipt: receipt(),
        });
        await payOrder(order.id);
        expect(await harness.provider.fetchOrder(order.id)).toMatchObject({
          status: 'paid',
          amountPaidMinor: 1_400,
          amountDueMinor: 0,
          attempts: 1,
        });
      });

      it('fetches the payment: captured, for its order, with the method the customer chose', async () => {
        const order = await harness.provider.createOrder({
          amountMinor: 85_000,
          currency: 'INR',
          receipt: receipt(),
        });
        const paymentId = await payOrder(order.id, 'upi');
        const payment = await harness.provider.fetchPayment(paymentId);
        expect(payment).toEqual({
          id: paymentId,
          providerOrderId: order.id,
          amountMinor: 85_000,
          currency: 'INR',
          status: 'captured',
          method: 'upi',
          cardId: null,
          vpa: expect.stringMatching(/^[^@\s]+@[^@\s]+$/),
          createdAt: expect.any(Number),
        });
        expect(payment.createdAt).toBeGreaterThanOrEqual(order.createdAt);
      });

      it('reads a payment refunded in full as refunded', async () => {
        const order = await harness.provider.createOrder({
          amountMinor: 1_400,
          currency: 'USD',
          receipt: receipt(),
        });
        const paymentId = await payOrder(order.id);
        await harness.provider.refund({
          paymentId,
          amountMinor: 1_400,
          idempotencyKey: `refund-${randomUUID()}`,
        });
        expect(await harness.provider.fetchPayment(paymentId)).toMatchObject({
          status: 'refunded',
          method: 'card',
        });
      });

      it('refunds once per idempotency key, and refuses a different request with that key', async () => {
        const order = await harness.provider.createOrder({
          amountMinor: 20_000,
          currency: 'INR',
          receipt: receipt(),
        });
        const paymentId = await payOrder(order.id);
        const key = `refund-${randomUUID()}`;
        const request = { paymentId, amountMinor: 20_000, idempotencyKey: key };
        // One after the other: Razorpay answers 409 to a retry while the first is in flight.
        const first = await harness.provider.refund(request);
        const second = await harness.provider.refund(request);
        expect(first.id).toMatch(/^rfnd_[A-Za-z0-9]{14}$/);
        expect(first).toMatchObject({ paymentId, amountMinor: 20_000, currency: 'INR' });
        expect(second.id).toBe(first.id);
        const error = await rejection(harness.provider.refund({ ...request, amountMinor: 100 }));
        expect(error.statusCode).toBe(400);
        const beyond = await rejection(
          harness.provider.refund({ ...request, idempotencyKey: `refund-${randomUUID()}` }),
        );
        expect(beyond.statusCode).toBe(400);
      });
    });
  });
}
