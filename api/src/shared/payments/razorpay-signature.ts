import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's two signatures, both HMAC-SHA256 in lower-case hex:
 * - checkout: over `order_id + "|" + payment_id` with the API key secret
 *   (https://razorpay.com/docs/payments/server-integration/nodejs/integration-steps/#verify-payment-signature);
 * - webhook: over the raw request body with the webhook secret (`X-Razorpay-Signature`).
 * The SDK's own `validateWebhookSignature` compares with `===`, which leaks timing (STACK.md),
 * so the comparison here is constant-time.
 */

export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function checkoutSignature(
  keySecret: string,
  providerOrderId: string,
  paymentId: string,
): string {
  return hmacSha256Hex(keySecret, `${providerOrderId}|${paymentId}`);
}

export function webhookSignature(webhookSecret: string, rawBody: string | Buffer): string {
  return hmacSha256Hex(webhookSecret, rawBody);
}

/**
 * Constant-time comparison of two hex signatures. A length difference answers false at once: it
 * reveals only the length, which is public (64 hex digits), and timingSafeEqual throws on it.
 */
export function signaturesEqual(expectedHex: string, givenHex: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const given = Buffer.from(givenHex, 'utf8');
  if (expected.length !== given.length) return false;
  return timingSafeEqual(expected, given);
}

export function isValidCheckoutSignature(input: {
  keySecret: string;
  /** The provider order id WE stored for the order, never the one the client sent. */
  providerOrderId: string;
  paymentId: string;
  signature: string;
}): boolean {
  return signaturesEqual(
    checkoutSignature(input.keySecret, input.providerOrderId, input.paymentId),
    input.signature,
  );
}

export function isValidWebhookSignature(input: {
  webhookSecret: string;
  rawBody: Buffer | string;
  signature: string | undefined;
}): boolean {
  if (input.signature === undefined || input.signature === '') return false;
  return signaturesEqual(webhookSignature(input.webhookSecret, input.rawBody), input.signature);
}
