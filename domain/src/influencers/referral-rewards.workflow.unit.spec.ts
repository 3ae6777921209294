import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StoredAccountEvent } from '../accounts/account.events';
import { accountEvents } from '../accounts/account.events';
import { catalogueTypes } from '../core/event-catalogue';
import { WorkflowSpecification } from '../core/workflow-spec';
import type { StoredOrderEvent } from '../orders/order.events';
import { orderEvents } from '../orders/order.events';
import { PURCHASABLE_SERVICE_IDS, type PurchasableServiceId } from '../pricing/service-catalogue';
import { orderPlacedData } from '../testing/order-fixture';
import {
  REFERRAL_REWARD_TRIGGERS,
  type ReferralRewardsEvent,
  referralRewardsWorkflow as workflow,
} from './referral-rewards.workflow';

type Registered = Extract<StoredAccountEvent, { type: 'UserRegistered' }>;
type Placed = Extract<StoredOrderEvent, { type: 'OrderPlaced' }>;

function registered(
  userId: string,
  influencerId: string | null,
  email: string | null = `${userId}@example.com`,
): Registered {
  return {
    type: 'UserRegistered',
    data: {
      userId,
      email,
      name: 'A',
      passwordHash: 'h',
      role: 'user',
      referral:
        influencerId === null ? null : { influencerId, referralCode: 'CODE', campaign: null },
    },
  };
}

function placed(orderId: string, userId: string, service: PurchasableServiceId): Placed {
  return {
    type: 'OrderPlaced',
    data: {
      ...orderPlacedData({ orderId, userId, service }),
      // Read back after the customer's key was erased.
      userEmail: null,
    },
  };
}

const paid = (orderId: string): StoredOrderEvent => ({
  type: 'OrderPaid',
  data: { orderId, paymentId: 'p', providerOrderId: 'po', amount: 200, currency: 'INR' },
});
const refunded = (orderId: string): StoredOrderEvent => ({
  type: 'OrderRefunded',
  data: { orderId, refundId: 'r', amount: 200, currency: 'INR' },
});

const spec = WorkflowSpecification.for(workflow);

describe('referral rewards workflow', () => {
  it('records a registration through a referral link on the influencer’s ledger', () => {
    spec
      .given([])
      .when(registered('u1', 'i1'))
      .then([
        {
          influencerId: 'i1',
          key: 'u1',
          command: {
            type: 'RegisterReferral',
            data: { userId: 'u1', userEmail: 'u1@example.com' },
          },
        },
      ]);
  });

  it('records it with no e-mail once the user’s personal data is erased', () => {
    spec
      .given([])
      .when(registered('u1', 'i1', null))
      .then([
        {
          influencerId: 'i1',
          key: 'u1',
          command: { type: 'RegisterReferral', data: { userId: 'u1', userEmail: null } },
        },
      ]);
  });

  it('does nothing for a registration without a referral', () => {
    spec.given([]).when(registered('u1', null)).then([]);
  });

  it('credits the referrer when a referred user’s resume review is paid, keyed by the user', () => {
    spec
      .given([registered('u1', 'i1'), placed('o1', 'u1', 'resume_review')])
      .when(paid('o1'))
      .then([
        {
          influencerId: 'i1',
          key: 'u1',
          command: {
            type: 'CreditReferralReward',
            data: { userId: 'u1', orderId: 'o1', rules: [] },
          },
        },
      ]);
  });

  it('asks for a pending commission when a rewrite or from-scratch order is paid, earned on completion', () => {
    const history = [registered('u1', 'i1'), placed('o1', 'u1', 'resume_rewrite')];
    spec
      .given(history)
      .when(paid('o1'))
      .then([
        {
          influencerId: 'i1',
          key: 'o1',
          command: {
            type: 'RecordOrderCommission',
            data: { userId: 'u1', orderId: 'o1', service: 'resume_rewrite', rules: [] },
          },
        },
      ]);
    spec
      .given(history)
      .when({
        type: 'OrderStatusChanged',
        data: { orderId: 'o1', from: 'processing', to: 'completed' },
      })
      .then([
        {
          influencerId: 'i1',
          key: 'o1',
          command: { type: 'EarnOrderCommission', data: { orderId: 'o1' } },
        },
      ]);
    spec
      .given(history)
      .when({
        type: 'OrderStatusChanged',
        data: { orderId: 'o1', from: 'pending', to: 'processing' },
      })
      .then([]);
  });

  it('prices with the reward rules recorded before the trigger', () => {
    const rule = { kind: 'order_commission' as const, amount: 175, effectiveFrom: '2026-11-01' };
    spec
      .given([
        { type: 'RewardRuleChanged', data: rule },
        registered('u1', 'i1'),
        placed('o1', 'u1', 'resume_from_scratch'),
      ])
      .when(paid('o1'))
      .then([
        {
          influencerId: 'i1',
          key: 'o1',
          command: {
            type: 'RecordOrderCommission',
            data: { userId: 'u1', orderId: 'o1', service: 'resume_from_scratch', rules: [rule] },
          },
        },
      ]);
  });

  it('credits nothing for an unreferred user or an order it never saw placed', () => {
    spec
      .given([registered('u1', null), placed('o1', 'u1', 'resume_review')])
      .when(paid('o1'))
      .then([]);
    spec
      .given([placed('o1', 'u1', 'resume_review')])
      .when(paid('o1'))
      .then([]);
    spec
      .given([registered('u1', 'i1')])
      .when(paid('o1'))
      .then([]);
  });

  it('claws back on a refund of a referred user’s order, keyed by the order', () => {
    spec
      .given([registered('u1', 'i1'), placed('o1', 'u1', 'resume_rewrite')])
      .when(refunded('o1'))
      .then([
        {
          influencerId: 'i1',
          key: 'o1',
          command: { type: 'ClawBackReferralReward', data: { userId: 'u1', orderId: 'o1' } },
        },
      ]);
  });

  it('ignores every other event', () => {
    spec
      .given([registered('u1', 'i1'), placed('o1', 'u1', 'resume_review')])
      .when({
        type: 'OrderStatusChanged',
        data: { orderId: 'o1', from: 'pending', to: 'completed' },
      })
      .then([]);
  });
});

describe('referral rewards workflow, triggers', () => {
  it('decides nothing on an event outside its triggers, whatever it has seen', () => {
    const state = [registered('u1', 'i1'), placed('o1', 'u1', 'resume_review')].reduce(
      workflow.evolve,
      workflow.initialState(),
    );
    const others = catalogueTypes([accountEvents, orderEvents]).filter(
      (type) => !(REFERRAL_REWARD_TRIGGERS as readonly string[]).includes(type),
    );
    expect(others.length).toBeGreaterThan(10);
    for (const type of others) {
      // Only the type is read on these branches; the data of a real event would change nothing.
      const event = {
        type,
        data: { orderId: 'o1', userId: 'u1' },
      } as unknown as ReferralRewardsEvent;
      expect(workflow.decide(event, state)).toEqual([]);
    }
  });
});

describe('referral rewards workflow, properties', () => {
  const USERS = ['u1', 'u2', 'u3'];
  const user = fc.constantFrom(...USERS);
  const order = fc.constantFrom('o1', 'o2', 'o3', 'o4');
  const referrer = fc.option(fc.constantFrom('i1', 'i2'), { nil: null });
  const service = fc.constantFrom(...PURCHASABLE_SERVICE_IDS);
  const historyEvent: fc.Arbitrary<ReferralRewardsEvent> = fc.oneof(
    fc.tuple(user, referrer).map(([u, i]) => registered(u, i)),
    fc.tuple(order, user, service).map(([o, u, s]) => placed(o, u, s)),
  );
  const trigger: fc.Arbitrary<ReferralRewardsEvent> = fc.oneof(
    order.map(paid),
    order.map(refunded),
    fc.tuple(user, referrer).map(([u, i]) => registered(u, i)),
  );

  it('asks for at most one command, always on the ledger of whoever referred the user', () => {
    fc.assert(
      fc.property(fc.array(historyEvent, { maxLength: 12 }), trigger, (history, input) => {
        const state = history.reduce(workflow.evolve, workflow.initialState());
        const instructions = workflow.decide(input, state);
        expect(instructions.length).toBeLessThanOrEqual(1);
        for (const { influencerId, command } of instructions) {
          const referredBy =
            input.type === 'UserRegistered'
              ? input.data.referral?.influencerId
              : 'userId' in command.data
                ? state.referrers[command.data.userId]
                : influencerId;
          expect(influencerId).toBe(referredBy);
        }
      }),
    );
  });

  it('credits only resume reviews, and every credit for one user carries the same key', () => {
    fc.assert(
      fc.property(fc.array(historyEvent, { maxLength: 12 }), (history) => {
        const state = history.reduce(workflow.evolve, workflow.initialState());
        const credits = Object.keys(state.orders).flatMap((orderId) =>
          workflow.decide(paid(orderId), state),
        );
        for (const { key, command } of credits) {
          if (command.type === 'RecordOrderCommission') {
            expect(state.orders[command.data.orderId]?.service).not.toBe('resume_review');
            expect(key).toBe(command.data.orderId);
            continue;
          }
          if (command.type !== 'CreditReferralReward') throw new Error(`asked ${command.type}`);
          expect(state.orders[command.data.orderId]?.service).toBe('resume_review');
          expect(key).toBe(command.data.userId);
        }
      }),
    );
  });
});
