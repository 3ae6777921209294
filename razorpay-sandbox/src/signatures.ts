import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's side of its two signatures (HMAC-SHA256, lower-case hex): the checkout handler's,
 * over `order_id|payment_id` with the key secret, and a webhook's, over the raw body with the
 * webhook secret. The API verifies them with its own code: the sandbox stands in for Razorpay,
 * so it shares nothing with the code it checks.
 */
function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function checkoutSignature(keySecret: string, orderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

export function webhookSignature(webhookSecret: string, body: string): string {
  return hmacSha256Hex(webhookSecret, body);
}

/** Constant-time equality of two secrets; a length difference answers false at once. */
export function secretsEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
