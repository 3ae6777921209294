import { describe, expect, it } from 'vitest';
import { SandboxError } from './sandbox.store';
import { paymentInstrument } from './sandbox-instruments';

const KEY = 'rzp_test_Key';
const card = (number: string | null, key = KEY) =>
  paymentInstrument(key, { method: 'card', card: number, vpa: null });

describe('the instrument a sandbox payment names', () => {
  it('gives one typed card number one card id, whatever the spacing, and never keeps the number', () => {
    const first = card('4111 1111 1111 1111');
    expect(first).toEqual({
      cardId: expect.stringMatching(/^card_[A-Za-z0-9]{14}$/),
      cardLast4: '1111',
      cardNetwork: 'Visa',
      vpa: null,
    });
    expect(card('4111-1111-1111-1111').cardId).toBe(first.cardId);
    expect(card('5555555555554444')).toMatchObject({
      cardLast4: '4444',
      cardNetwork: 'MasterCard',
    });
    expect(card('5555555555554444').cardId).not.toBe(first.cardId);
    // Another account's books: another id.
    expect(card('4111111111111111', 'rzp_test_Other').cardId).not.toBe(first.cardId);
  });

  it('gives every untyped payment an instrument of its own', () => {
    expect(card(null).cardId).not.toBe(card(null).cardId);
    const upi = () => paymentInstrument(KEY, { method: 'upi', card: null, vpa: '' }).vpa;
    expect(upi()).toMatch(/@razorpay$/);
    expect(upi()).not.toBe(upi());
  });

  it('keeps a typed UPI id, and names nothing for netbanking', () => {
    expect(paymentInstrument(KEY, { method: 'upi', card: null, vpa: ' asha@okaxis ' }).vpa).toBe(
      'asha@okaxis',
    );
    expect(paymentInstrument(KEY, { method: 'netbanking', card: '4111', vpa: 'x@y' })).toEqual({
      cardId: null,
      cardLast4: null,
      cardNetwork: null,
      vpa: null,
    });
  });

  it('refuses a mistyped card number or UPI id as Razorpay does', () => {
    expect(() => card('4111 1111 1111 1112')).toThrow(SandboxError);
    expect(() => paymentInstrument(KEY, { method: 'upi', card: null, vpa: 'no-at-sign' })).toThrow(
      'Invalid VPA',
    );
  });
});
