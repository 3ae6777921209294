import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 14 base-62 characters, the shape of Razorpay's ids ('order_KPxhWL0gD7S9rQ', 'pay_…'). */
export function razorpayIdSuffix(): string {
  const bytes = randomBytes(14);
  let suffix = '';
  // 256 is not a multiple of 62, so the first letters are a hair likelier: harmless for ids.
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return suffix;
}

export function razorpayId(prefix: 'order' | 'pay' | 'rfnd' | 'acc' | 'card'): string {
  return `${prefix}_${razorpayIdSuffix()}`;
}

/** An id of Razorpay's shape that is always the same for the same `seed`. */
export function stableRazorpayId(prefix: 'card', seed: string): string {
  const bytes = createHash('sha256').update(seed).digest();
  let suffix = '';
  for (const byte of bytes.subarray(0, 14)) suffix += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${suffix}`;
}
