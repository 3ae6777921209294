import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import type { Currency } from '../pricing/currency';
import { type OrderPayability, settlementOf, unsettledCaptures } from './capture-settlement';
import type { ChargeTerms, PaymentCommand } from './payment.commands';
import { paymentDecider } from './payment.decider';
import type { PaymentEvent } from './payment.events';
import type { PaymentState } from './payment.state';

// Money captured by the provider must end paying the order or going back, whatever the customer
// does meanwhile (switch currency, delete the order, pay twice) and whenever the settling runs
// (right after each capture, as verify and the webhook do, or later, as the reconciliation job).
const PRICES: Record<Currency, number> = { INR: 85_000, USD: 1_700 };
const PROVIDER_ORDERS: Record<string, ChargeTerms> = {
  order_inr: { amountMinor: PRICES.INR, currency: 'INR' },
  order_usd: { amountMinor: PRICES.USD, currency: 'USD' },
};
const metadata: CommandMetadata = {
  actor: 'provider:razorpay',
  correlationId: 'c',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};

type Step =
  | { kind: 'capture'; paymentId: string; providerOrderId: string }
  | { kind: 'switch'; currency: Currency }
  | { kind: 'delete' }
  | { kind: 'settle' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('capture' as const),
    paymentId: fc.constantFrom('pay_A', 'pay_B', 'pay_C', 'pay_D'),
    providerOrderId: fc.constantFrom('order_inr', 'order_usd'),
  }),
  fc.record({
    kind: fc.constant('switch' as const),
    currency: fc.constantFrom<Currency>('INR', 'USD'),
  }),
  fc.constant({ kind: 'delete' as const }),
  fc.constant({ kind: 'settle' as const }),
);

interface World {
  payment: PaymentState;
  order: OrderPayability;
  /** Refunds the provider made, by payment id (what the customer got back). */
  providerRefunds: Map<string, number>;
  fulfilments: string[];
}

function apply(world: World, command: PaymentCommand): void {
  const events: PaymentEvent[] = paymentDecider.decide(command, world.payment);
  world.payment = events.reduce(paymentDecider.evolve, world.payment);
}

/** What the API does with the owed settlements: mark the order paid, or refund and record. */
function settle(world: World): void {
  for (const { paymentId, settlement } of unsettledCaptures(world.payment, world.order)) {
    if (settlement.kind === 'fulfil') {
      // The order decider refuses a second payment; the settlement must never ask for one.
      expect(world.order.paidBy).toBeNull();
      world.order = { ...world.order, paidBy: paymentId };
      world.fulfilments.push(paymentId);
      continue;
    }
    const currency = settlement.currency === 'USD' ? 'USD' : 'INR';
    world.providerRefunds.set(
      paymentId,
      (world.providerRefunds.get(paymentId) ?? 0) + settlement.amountMinor,
    );
    apply(world, {
      type: 'RecordRefund',
      data: {
        orderId: 'o1',
        paymentId,
        refundId: `rfnd_${paymentId}`,
        amountMinor: settlement.amountMinor,
        currency,
        reason: settlement.reason,
      },
      metadata,
    });
  }
}

function fresh(): World {
  const opened: PaymentEvent[] = Object.entries(PROVIDER_ORDERS).flatMap(
    ([providerOrderId, terms], index): PaymentEvent[] => [
      {
        type: 'CheckoutRequested',
        data: { orderId: 'o1', requestId: `r${index}`, ...terms, receipt: 'o1', requestedAt: 'x' },
      },
      {
        type: 'CheckoutStarted',
        data: { orderId: 'o1', requestId: `r${index}`, providerOrderId, ...terms, receipt: 'o1' },
      },
    ],
  );
  const world: World = {
    payment: opened.reduce(paymentDecider.evolve, paymentDecider.initialState()),
    order: { deleted: false, paidBy: null, amountMinor: PRICES.INR, currency: 'INR' },
    providerRefunds: new Map(),
    fulfilments: [],
  };
  return world;
}

function run(steps: readonly Step[], world: World = fresh()): World {
  for (const s of steps) {
    const { order } = world;
    switch (s.kind) {
      case 'capture': {
        const terms = PROVIDER_ORDERS[s.providerOrderId];
        if (terms === undefined) throw new Error('unknown provider order');
        apply(world, {
          type: 'RecordPayment',
          data: {
            orderId: 'o1',
            providerOrderId: s.providerOrderId,
            paymentId: s.paymentId,
            ...terms,
            expected: { amountMinor: order.amountMinor, currency: order.currency },
            source: 'webhook',
          },
          metadata,
        });
        break;
      }
      case 'switch':
        // The order decider's rules: only an unpaid, live order changes currency or is deleted.
        if (order.paidBy === null && !order.deleted) {
          world.order = { ...order, currency: s.currency, amountMinor: PRICES[s.currency] };
        }
        break;
      case 'delete':
        if (order.paidBy === null) world.order = { ...order, deleted: true };
        break;
      case 'settle':
        settle(world);
        break;
    }
  }
  settle(world);
  return world;
}

describe('captured payments, whatever happens around them', () => {
  it('each end fulfilled or refunded in full, at most one pays the order', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const world = run(steps);
        expect(world.fulfilments.length).toBeLessThanOrEqual(1);
        for (const [paymentId, captured] of Object.entries(world.payment.captures)) {
          const settlement = settlementOf(world.payment, world.order, paymentId);
          expect(['fulfilled', 'refunded']).toContain(settlement?.kind);
          if (settlement?.kind === 'fulfilled') {
            // Paid in the order's own terms, and the customer keeps no refund of it.
            expect(world.providerRefunds.has(paymentId)).toBe(false);
            expect(captured.amountMinor).toBe(world.order.amountMinor);
            expect(captured.currency).toBe(world.order.currency);
          } else {
            // Exactly what was captured goes back, once.
            expect(world.providerRefunds.get(paymentId)).toBe(captured.amountMinor);
          }
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('owe nothing more once settled: settling again changes nothing', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const world = run(steps);
        const before = JSON.stringify([world.payment, world.order, [...world.providerRefunds]]);
        expect(unsettledCaptures(world.payment, world.order)).toEqual([]);
        settle(world);
        expect(JSON.stringify([world.payment, world.order, [...world.providerRefunds]])).toBe(
          before,
        );
      }),
      { numRuns: 300 },
    );
  });

  it('pay a live, unpaid order with a capture in its own terms', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const world = run(steps);
        fc.pre(world.order.paidBy === null && !world.order.deleted);
        const providerOrderId = world.order.currency === 'INR' ? 'order_inr' : 'order_usd';
        run([{ kind: 'capture', paymentId: 'pay_Z', providerOrderId }, { kind: 'settle' }], world);
        expect(world.order.paidBy).toBe('pay_Z');
        expect(world.providerRefunds.has('pay_Z')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
