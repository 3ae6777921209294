import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orderStatusLook, paymentStatusLook } from './status';
import { StatusChip } from './status-chip';

describe('StatusChip', () => {
  it.each([
    ['pending', 'Pending', 'warning'],
    ['processing', 'Processing', 'info'],
    ['completed', 'Completed', 'success'],
    ['failed', 'Failed', 'danger'],
    ['cancelled', 'Cancelled', 'neutral'],
    ['refunded', 'Refunded', 'neutral'],
    ['COMPLETED', 'Completed', 'success'],
  ])('order status %s shows %s in %s', (value, label, tone) => {
    expect(orderStatusLook(value)).toEqual({ label, tone });
  });

  it.each([undefined, null, '', 'paid', 'PAID', 'something-new'])(
    'order status %s shows Pending (SPEC §4)',
    (value) => {
      expect(orderStatusLook(value)).toEqual({ label: 'Pending', tone: 'warning' });
    },
  );

  it('maps payment paid and unpaid; anything else counts as unpaid', () => {
    expect(paymentStatusLook('paid')).toEqual({ label: 'Paid', tone: 'success' });
    expect(paymentStatusLook('unpaid')).toEqual({ label: 'Unpaid', tone: 'warning' });
    expect(paymentStatusLook(undefined)).toEqual({ label: 'Unpaid', tone: 'warning' });
  });

  it('renders the label', () => {
    render(
      <>
        <StatusChip value="paid" />
        <StatusChip kind="payment" value="paid" />
      </>,
    );
    expect(screen.getByText('Pending')).toBeVisible();
    expect(screen.getByText('Paid')).toBeVisible();
  });
});
