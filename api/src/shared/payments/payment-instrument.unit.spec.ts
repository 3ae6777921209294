import { describe, expect, it } from 'vitest';
import { instrumentFingerprint, instrumentKey } from './payment-instrument';

const KEY = 'k'.repeat(32);

describe('payment instrument fingerprints', () => {
  it('are one per card id or UPI id, and say nothing of it', () => {
    const card = instrumentFingerprint(KEY, { method: 'card', cardId: 'card_A', vpa: null });
    expect(card).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(instrumentFingerprint(KEY, { method: 'card', cardId: 'card_A', vpa: null })).toBe(card);
    expect(instrumentFingerprint(KEY, { method: 'card', cardId: 'card_B', vpa: null })).not.toBe(
      card,
    );
    // A UPI id is one payer however it is cased.
    expect(instrumentFingerprint(KEY, { method: 'upi', cardId: null, vpa: 'Asha@OKAXIS' })).toBe(
      instrumentFingerprint(KEY, { method: 'upi', cardId: null, vpa: 'asha@okaxis' }),
    );
    // Another key, another fingerprint: without the key nothing can be matched.
    expect(
      instrumentFingerprint('j'.repeat(32), { method: 'card', cardId: 'card_A', vpa: null }),
    ).not.toBe(card);
  });

  it('are absent where the provider names no instrument of the payer', () => {
    expect(instrumentFingerprint(KEY, { method: 'netbanking', cardId: null, vpa: null })).toBe(
      undefined,
    );
    expect(instrumentFingerprint(KEY, { method: 'wallet', cardId: null, vpa: null })).toBe(
      undefined,
    );
    expect(instrumentFingerprint(KEY, { method: 'card', cardId: null, vpa: null })).toBe(undefined);
  });

  it('use PAYMENT_INSTRUMENT_KEY, else a key derived from JWT_SECRET for this purpose alone', () => {
    expect(instrumentKey({ paymentInstrumentKey: KEY, jwtSecret: 'j'.repeat(32) })).toBe(KEY);
    const derived = instrumentKey({ paymentInstrumentKey: null, jwtSecret: 'j'.repeat(32) });
    expect(derived).not.toBe('j'.repeat(32));
    expect(instrumentKey({ paymentInstrumentKey: null, jwtSecret: 'j'.repeat(32) })).toBe(derived);
  });
});
