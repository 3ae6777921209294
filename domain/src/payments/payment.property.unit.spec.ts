import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import type { PaymentCommand } from './payment.commands';
import { paymentDecider } from './payment.decider';
import type { PaymentEvent } from './payment.events';
import type { PaymentState } from './payment.state';

// Reports arrive from two channels (the browser's verify call and the provider's webhook) in any
// order, any number of times, interleaved with failure reports; some carry a wrong amount.
type Report =
  | { kind: 'verify' | 'webhook'; paymentId: string; amountOk: boolean }
  | { kind: 'failure'; paymentId: string };

const PAYMENT_IDS = ['pay_A', 'pay_B', 'pay_C'] as const;
const EXPECTED = { amountMinor: 85_000, currency: 'INR' as const };
const metadata: CommandMetadata = {
  actor: 'provider:razorpay',
  correlationId: 'c',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};

const report: fc.Arbitrary<Report> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('verify' as const, 'webhook' as const),
    paymentId: fc.constantFrom(...PAYMENT_IDS),
    // Mostly right amounts, as in life; a wrong one now and then.
    amountOk: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
  }),
  fc.record({ kind: fc.constant('failure' as const), paymentId: fc.constantFrom(...PAYMENT_IDS) }),
);

function toCommand(r: Report): PaymentCommand {
  const base = { orderId: 'o1', providerOrderId: 'order_1', paymentId: r.paymentId };
  if (r.kind === 'failure') {
    return { type: 'RecordPaymentFailure', data: { ...base, reason: 'declined' }, metadata };
  }
  return {
    type: 'RecordPayment',
    data: {
      ...base,
      amountMinor: r.amountOk ? EXPECTED.amountMinor : EXPECTED.amountMinor - 1,
      currency: EXPECTED.currency,
      expected: EXPECTED,
      source: r.kind,
    },
    metadata,
  };
}

const checkoutOpen: PaymentEvent[] = [
  {
    type: 'CheckoutRequested',
    data: { orderId: 'o1', requestId: 'r1', ...EXPECTED, receipt: 'o1', requestedAt: metadata.now },
  },
  {
    type: 'CheckoutStarted',
    data: {
      orderId: 'o1',
      requestId: 'r1',
      providerOrderId: 'order_1',
      ...EXPECTED,
      receipt: 'o1',
    },
  },
];

/** Runs the reports one after the other, as the command handler would, and returns what was appended. */
function replay(reports: readonly Report[]): PaymentEvent[] {
  let state: PaymentState = checkoutOpen.reduce(
    paymentDecider.evolve,
    paymentDecider.initialState(),
  );
  const appended: PaymentEvent[] = [];
  for (const r of reports) {
    const events = paymentDecider.decide(toCommand(r), state);
    state = events.reduce(paymentDecider.evolve, state);
    appended.push(...events);
  }
  return appended;
}

function countOf(events: PaymentEvent[], type: PaymentEvent['type'], paymentId: string): number {
  return events.filter(
    (event) =>
      event.type === type && 'paymentId' in event.data && event.data.paymentId === paymentId,
  ).length;
}

describe('payment reports in any order', () => {
  it('settle each payment exactly once, by its first capture report', () => {
    fc.assert(
      fc.property(fc.array(report, { maxLength: 40 }), (reports) => {
        const appended = replay(reports);
        for (const paymentId of PAYMENT_IDS) {
          const captures = reports.filter((r) => r.kind !== 'failure' && r.paymentId === paymentId);
          const first = captures[0];
          const verified = countOf(appended, 'PaymentVerified', paymentId);
          const mismatched = countOf(appended, 'PaymentAmountMismatch', paymentId);
          if (first === undefined || first.kind === 'failure') {
            expect(verified + mismatched).toBe(0);
          } else if (first.amountOk) {
            // Exactly one PaymentVerified per payment, however many reports repeat it…
            expect([verified, mismatched]).toEqual([1, 0]);
          } else {
            // …and never one after its mismatch was recorded.
            expect([verified, mismatched]).toEqual([0, 1]);
          }
          expect(countOf(appended, 'PaymentFailed', paymentId)).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('give the same verified payments whichever channel reports first', () => {
    fc.assert(
      fc.property(
        fc
          .array(report, { maxLength: 30 })
          .chain((reports) =>
            fc.tuple(
              fc.constant(reports),
              fc.shuffledSubarray(reports, { minLength: reports.length }),
            ),
          ),
        ([reports, shuffled]) => {
          // Only correct-amount captures: then the outcome must not depend on the arrival order.
          const ok = (list: Report[]) => list.filter((r) => r.kind === 'failure' || r.amountOk);
          const verifiedIds = (list: Report[]) =>
            replay(ok(list))
              .filter((event) => event.type === 'PaymentVerified')
              .map((event) => ('paymentId' in event.data ? event.data.paymentId : ''))
              .sort();
          expect(verifiedIds(shuffled)).toEqual(verifiedIds(reports));
        },
      ),
      { numRuns: 300 },
    );
  });
});
