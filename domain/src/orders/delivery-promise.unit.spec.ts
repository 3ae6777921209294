import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERY_PROMISE_HOURS, deliveryDueAt } from './delivery-promise';
import { ORDER_STATUSES } from './order.events';

describe('the 48-hour delivery promise', () => {
  it('is due 48 hours after the payment while the work is open', () => {
    expect(deliveryDueAt('2026-11-20T10:00:00.000Z', 'pending')).toBe('2026-11-22T10:00:00.000Z');
    expect(deliveryDueAt('2026-11-20T10:00:00.000Z', 'processing')).toBe(
      '2026-11-22T10:00:00.000Z',
    );
  });

  it('has no due time before the payment, or once the work is closed', () => {
    expect(deliveryDueAt(null, 'pending')).toBeNull();
    for (const status of ['completed', 'refunded', 'failed', 'cancelled'] as const) {
      expect(deliveryDueAt('2026-11-20T10:00:00.000Z', status)).toBeNull();
    }
  });

  it('is always exactly the promise after any payment time, for open work only', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...ORDER_STATUSES),
        (paid, status) => {
          const due = deliveryDueAt(paid.toISOString(), status);
          if (status !== 'pending' && status !== 'processing') {
            expect(due).toBeNull();
          } else {
            expect(Date.parse(due ?? '') - paid.getTime()).toBe(DELIVERY_PROMISE_HOURS * 3_600_000);
          }
        },
      ),
    );
  });
});
