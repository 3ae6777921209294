import { describe, expect, it } from 'vitest';
import { decodeEvent } from '../core/event-catalogue';
import { paymentEvents } from './payment.events';

const verified = {
  orderId: 'o1',
  providerOrderId: 'order_1',
  paymentId: 'pay_1',
  amountMinor: 85_000,
  currency: 'INR',
  source: 'verify',
};

describe('paymentEvents', () => {
  it('reads a PaymentVerified with the method, and one recorded before the method was kept', () => {
    expect(
      decodeEvent([paymentEvents], {
        type: 'PaymentVerified',
        data: { ...verified, method: 'upi' },
      }),
    ).toEqual({
      kind: 'decoded',
      event: { type: 'PaymentVerified', data: { ...verified, method: 'upi' } },
    });
    const older = decodeEvent([paymentEvents], { type: 'PaymentVerified', data: verified });
    expect(older.kind).toBe('decoded');
    if (older.kind === 'decoded') expect(older.event.data).not.toHaveProperty('method');
  });

  it('reads a refund recorded before reasons were kept, and refuses an unknown reason', () => {
    const refund = {
      orderId: 'o1',
      paymentId: 'pay_1',
      refundId: 'rfnd_1',
      amountMinor: 100,
      currency: 'INR',
    };
    expect(decodeEvent([paymentEvents], { type: 'RefundIssued', data: refund }).kind).toBe(
      'decoded',
    );
    expect(
      decodeEvent([paymentEvents], { type: 'RefundIssued', data: { ...refund, reason: 'whim' } })
        .kind,
    ).toBe('malformed');
  });
});
