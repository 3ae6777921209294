import type { OrderView } from '@shortlist/domain/contract';
import { type OrderTimelineView, orderSchema } from '@shortlist/domain/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiOrder } from '../../testing/api-answers';
import { orderStage, paymentShown, timelineSteps } from './order-progress';
import { OrderTimeline, PaymentChip, StageChip, StageSummary } from './order-timeline';

const PLACED = '2025-11-20T10:00:00.000Z';
const PAID = '2025-11-20T10:05:00.000Z';
const STARTED = '2025-11-20T12:00:00.000Z';
const DELIVERED = '2025-11-21T09:00:00.000Z';
const DONE = '2025-11-21T10:00:00.000Z';
const DUE = '2025-11-22T10:05:00.000Z';

const none: OrderTimelineView = {
  placedAt: PLACED,
  paidAt: null,
  startedAt: null,
  deliveredAt: null,
  completedAt: null,
  refundedAt: null,
  dueAt: null,
};

/** An order as the contract parses it, at one point of its life. */
function order(
  overrides: Record<string, unknown>,
  timeline: Partial<OrderTimelineView> = {},
): OrderView {
  return orderSchema.parse(apiOrder({ ...overrides, timeline: { ...none, ...timeline } }));
}

const unpaid = order({});
const paidWaiting = order({ paymentStatus: 'paid' }, { paidAt: PAID, dueAt: DUE });
const working = order(
  { paymentStatus: 'paid', status: 'processing' },
  { paidAt: PAID, startedAt: STARTED, dueAt: DUE },
);
const delivered = order(
  { paymentStatus: 'paid', status: 'processing', newDelivery: true },
  { paidAt: PAID, startedAt: STARTED, deliveredAt: DELIVERED, dueAt: DUE },
);
const completed = order(
  { paymentStatus: 'paid', status: 'completed' },
  { paidAt: PAID, startedAt: STARTED, deliveredAt: DELIVERED, completedAt: DONE },
);
const refunded = order(
  { paymentStatus: 'paid', status: 'refunded' },
  { paidAt: PAID, refundedAt: DONE },
);

describe('where an order stands, in words', () => {
  it.each([
    ['unpaid', unpaid, 'awaiting_payment'],
    ['free and unpaid', order({ amount: 0 }), 'free_waiting'],
    ['paid, pending', paidWaiting, 'paid_waiting'],
    ['processing', working, 'in_progress'],
    ['processing with a delivery', delivered, 'delivered'],
    ['completed', completed, 'completed'],
    ['refunded', refunded, 'refunded'],
  ])('an order %s is at the stage %s', (_name, shown, stage) => {
    expect(orderStage(shown)).toBe(stage);
  });

  it('separates "Awaiting payment" from "Paid · waiting to start"', () => {
    render(
      <>
        <StageChip order={unpaid} />
        <StageChip order={paidWaiting} />
      </>,
    );
    expect(screen.getByText('Awaiting payment')).toBeVisible();
    expect(screen.getByText('Paid · waiting to start')).toBeVisible();
  });

  it('never shows a refunded order as paid', () => {
    expect(paymentShown(refunded)).toBe('refunded');
    render(<PaymentChip order={refunded} />);
    expect(screen.getByText('Refunded')).toBeVisible();
    expect(screen.queryByText('Paid')).toBeNull();
  });
});

describe('the order timeline', () => {
  const labelsAndTimes = () =>
    within(screen.getByRole('list', { name: /^Timeline of order/ }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);

  it('lists each step with its time, the promise as a due time while the work is open', () => {
    render(<OrderTimeline order={working} />);
    expect(labelsAndTimes()).toEqual([
      expect.stringMatching(/^Order placed20 Nov 2025/),
      expect.stringMatching(/^Paid20 Nov 2025/),
      expect.stringMatching(/^In progress20 Nov 2025/),
      expect.stringMatching(/^DeliveredDelivery due by 22 Nov 2025/),
      'Completed',
    ]);
    const next = screen.getAllByRole('listitem').find((item) => item.hasAttribute('aria-current'));
    expect(next).toHaveTextContent(/^Delivered/);
  });

  it('before the payment waits for it, and promises nothing yet', () => {
    render(<OrderTimeline order={unpaid} />);
    expect(labelsAndTimes()).toEqual([
      expect.stringMatching(/^Order placed/),
      'Awaiting payment',
      'In progress',
      'Delivered',
      'Completed',
    ]);
    expect(screen.queryByText(/Delivery due by/)).toBeNull();
  });

  it('marks a new delivery until it is opened', () => {
    const { rerender } = render(<OrderTimeline order={delivered} />);
    expect(screen.getByText('New delivery')).toBeVisible();
    rerender(<OrderTimeline order={{ ...delivered, newDelivery: false }} />);
    expect(screen.queryByText('New delivery')).toBeNull();
  });

  it('ends at Completed with every step done and no due time', () => {
    expect(timelineSteps(completed).map((step) => [step.id, step.state])).toEqual([
      ['placed', 'done'],
      ['paid', 'done'],
      ['started', 'done'],
      ['delivered', 'done'],
      ['completed', 'done'],
    ]);
    render(<OrderTimeline order={completed} />);
    expect(screen.queryByText(/Delivery due by/)).toBeNull();
  });

  it('a refund ends it at the steps reached, with Refunded and the 5-7 business days', () => {
    expect(timelineSteps(refunded).map((step) => step.id)).toEqual(['placed', 'paid', 'refunded']);
    render(<OrderTimeline order={refunded} />);
    expect(labelsAndTimes().at(-1)).toMatch(/^Refunded21 Nov 2025.*5-7 business days/);
  });

  it('a step passed over (Complete straight from Pending) is done without a time of its own', () => {
    const skipped = order(
      { paymentStatus: 'paid', status: 'completed' },
      { paidAt: PAID, completedAt: DONE },
    );
    expect(timelineSteps(skipped)).toContainEqual({ id: 'started', at: null, state: 'done' });
  });

  it('the Status column shows the stage, its time, the promise, and the timeline on demand', () => {
    const { container } = render(<StageSummary order={working} />);
    const details = container.querySelector('details');
    expect(details).not.toHaveAttribute('open');
    // What shows before the timeline is opened: the stage, when it was reached, the promise.
    const summary = container.firstElementChild?.textContent ?? '';
    const outside = summary.replace(details?.textContent ?? '', '');
    expect(outside).toMatch(/^In progress20 Nov 2025.*Delivery due by 22 Nov 2025/);
    expect(within(details as HTMLElement).getByRole('list')).toBeInTheDocument();
  });

  it('once something is delivered the promise is kept: no due time any more', () => {
    render(<StageSummary order={delivered} />);
    expect(screen.getAllByText('Delivered')[0]).toBeVisible();
    expect(screen.queryByText(/Delivery due by/)).toBeNull();
  });
});
