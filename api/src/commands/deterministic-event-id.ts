import { createHash, randomUUID } from 'node:crypto';

/**
 * A UUID (version 5 layout: SHA-1 of namespace + key) that is the same every time for the same
 * pair. Policies give their events such ids, so when a policy runs twice for one trigger the
 * store sees the same ids and writes nothing the second time.
 *
 * `namespace` is any stable text naming the policy or use case (not necessarily a UUID), e.g.
 * deterministicEventId('policy:mark-order-paid', `${paymentEventId}:0`).
 */
export function deterministicEventId(namespace: string, key: string): string {
  const hash = createHash('sha1').update(namespace).update('\u0000').update(key).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50; // version 5
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function randomEventId(): string {
  return randomUUID();
}
