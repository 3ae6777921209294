import fc from 'fast-check';
import Razorpay from 'razorpay';
import { describe, expect, it } from 'vitest';
import {
  checkoutSignature,
  isValidCheckoutSignature,
  isValidWebhookSignature,
  signaturesEqual,
  webhookSignature,
} from './razorpay-signature';

const KEY_SECRET = 'test_key_secret_0123456789';
const WEBHOOK_SECRET = 'whsec_sandbox_abcdef';
const id = (prefix: string) =>
  fc.stringMatching(/^[A-Za-z0-9]{14}$/).map((suffix) => `${prefix}_${suffix}`);

describe('checkout signature', () => {
  it('matches a known HMAC-SHA256 of "order_id|payment_id"', () => {
    // Computed independently: printf 'order_1|pay_1' | openssl dgst -sha256 -hmac secret
    expect(checkoutSignature('secret', 'order_1', 'pay_1')).toBe(
      '52115a0d3400de9e86aade1f1b6eba9e8974604f4e267a9e9a16633a4c8dd2cb',
    );
  });

  it('agrees with the razorpay SDK (which signs the same string)', () => {
    fc.assert(
      fc.property(id('order'), id('pay'), (orderId, paymentId) => {
        const signature = checkoutSignature(KEY_SECRET, orderId, paymentId);
        expect(
          Razorpay.validateWebhookSignature(`${orderId}|${paymentId}`, signature, KEY_SECRET),
        ).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('fails for any tampered order id, payment id or signature', () => {
    fc.assert(
      fc.property(
        id('order'),
        id('pay'),
        id('order'),
        id('pay'),
        (orderId, paymentId, otherOrderId, otherPaymentId) => {
          const signature = checkoutSignature(KEY_SECRET, orderId, paymentId);
          const valid = (o: string, p: string, s = signature) =>
            isValidCheckoutSignature({
              keySecret: KEY_SECRET,
              providerOrderId: o,
              paymentId: p,
              signature: s,
            });
          expect(valid(orderId, paymentId)).toBe(true);
          expect(valid(otherOrderId, paymentId)).toBe(otherOrderId === orderId);
          expect(valid(orderId, otherPaymentId)).toBe(otherPaymentId === paymentId);
          expect(valid(orderId, paymentId, signature.toUpperCase())).toBe(false);
          expect(valid(orderId, paymentId, signature.slice(1))).toBe(false);
          expect(valid(orderId, paymentId, '')).toBe(false);
          expect(
            isValidCheckoutSignature({
              keySecret: `${KEY_SECRET}x`,
              providerOrderId: orderId,
              paymentId,
              signature,
            }),
          ).toBe(false);
        },
      ),
    );
  });

  it('cannot be shifted across the separator', () => {
    // 'order_a|b' + 'pay' and 'order_a' + 'b|pay' sign the same text; ids never hold '|'.
    const signature = checkoutSignature(KEY_SECRET, 'order_a', 'pay_b');
    expect(
      isValidCheckoutSignature({
        keySecret: KEY_SECRET,
        providerOrderId: 'order_a|pay',
        paymentId: '_b',
        signature,
      }),
    ).toBe(false);
  });
});

describe('webhook signature', () => {
  it('agrees with the razorpay SDK over the raw body', () => {
    fc.assert(
      fc.property(fc.json(), (body) => {
        const signature = webhookSignature(WEBHOOK_SECRET, body);
        expect(Razorpay.validateWebhookSignature(body, signature, WEBHOOK_SECRET)).toBe(true);
        expect(
          isValidWebhookSignature({ webhookSecret: WEBHOOK_SECRET, rawBody: body, signature }),
        ).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('fails when any byte of the body changes', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 512 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (bytes, position, flip) => {
          const body = Buffer.from(bytes);
          const signature = webhookSignature(WEBHOOK_SECRET, body);
          const tampered = Buffer.from(body);
          const index = position % tampered.length;
          tampered[index] = (tampered[index] ?? 0) ^ flip;
          expect(
            isValidWebhookSignature({
              webhookSecret: WEBHOOK_SECRET,
              rawBody: tampered,
              signature,
            }),
          ).toBe(false);
        },
      ),
    );
  });

  it('fails when the body is re-serialised, the header is missing or another secret signed it', () => {
    const raw = '{"event":"payment.captured",  "amount": 100}';
    const signature = webhookSignature(WEBHOOK_SECRET, raw);
    const reserialised = JSON.stringify(JSON.parse(raw));
    const check = (rawBody: string, s: string | undefined, secret = WEBHOOK_SECRET) =>
      isValidWebhookSignature({ webhookSecret: secret, rawBody, signature: s });
    expect(check(raw, signature)).toBe(true);
    expect(check(reserialised, signature)).toBe(false);
    expect(check(raw, undefined)).toBe(false);
    expect(check(raw, '')).toBe(false);
    expect(check(raw, signature, 'other-secret')).toBe(false);
  });
});

describe('constant-time comparison', () => {
  it('is equality, without throwing on different lengths', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(signaturesEqual(a, b)).toBe(a === b);
      }),
    );
  });
});
