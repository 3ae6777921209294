import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DomainError } from '../core/domain-error';
import type { InfluencerLedgerCommand, InfluencerLedgerState } from './influencer-ledger.commands';
import { createInfluencerLedgerDecider } from './influencer-ledger.decider';
import type { InfluencerLedgerEvent } from './influencer-ledger.events';
import type { ReferralProgramme } from './referral-programme';

// Small pools so sequences revisit the same users, orders and payouts (each user has two orders,
// so refunds often hit the rewarded one); small thresholds so payouts come within a few dozen
// commands.
const USERS = ['u1', 'u2', 'u3', 'u4'] as const;
const PAYOUTS = ['p1', 'p2', 'p3'] as const;
const programme: ReferralProgramme = { rewardPerReferral: 50, minRegistrations: 2, minBalance: 60 };
const decider = createInfluencerLedgerDecider(programme);
const metadata: CommandMetadata = {
  actor: 'system:property',
  correlationId: 'c',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};
const payee = { payeeName: 'A', mobile: '9876543210', bankName: 'B', upiId: 'a@upi' };

const user = fc.constantFrom(...USERS);
const payout = fc.constantFrom(...PAYOUTS);
const userOrder = fc
  .record({ userId: user, second: fc.boolean() })
  .map(({ userId, second }) => ({ userId, orderId: `${userId}-${second ? 'b' : 'a'}` }));

const commandArb: fc.Arbitrary<InfluencerLedgerCommand> = fc.oneof(
  user.map(
    (userId): InfluencerLedgerCommand => ({
      type: 'RegisterReferral',
      data: { userId, userEmail: null },
      metadata,
    }),
  ),
  userOrder.map(
    (d): InfluencerLedgerCommand => ({ type: 'CreditReferralReward', data: d, metadata }),
  ),
  userOrder.map(
    (d): InfluencerLedgerCommand => ({ type: 'ClawBackReferralReward', data: d, metadata }),
  ),
  payout.map(
    (payoutId): InfluencerLedgerCommand => ({
      type: 'RequestPayout',
      data: { payoutId, ...payee },
      metadata,
    }),
  ),
  payout.map(
    (payoutId): InfluencerLedgerCommand => ({
      type: 'ApprovePayout',
      data: { payoutId },
      metadata,
    }),
  ),
  payout.map(
    (payoutId): InfluencerLedgerCommand => ({
      type: 'MarkPayoutPaid',
      data: { payoutId, txnId: 'T' },
      metadata,
    }),
  ),
  payout.map(
    (payoutId): InfluencerLedgerCommand => ({
      type: 'RejectPayout',
      data: { payoutId },
      metadata,
    }),
  ),
);

/** The balance recomputed from the events alone: credits − clawbacks − open or paid payouts. */
function expectedBalance(events: readonly InfluencerLedgerEvent[]): number {
  const payouts = new Map<string, { amount: number; rejected: boolean }>();
  let credits = 0;
  let clawbacks = 0;
  for (const event of events) {
    if (event.type === 'ReferralRewardCredited') credits += event.data.amount;
    if (event.type === 'ReferralRewardClawedBack') clawbacks += event.data.amount;
    if (event.type === 'PayoutRequested') {
      payouts.set(event.data.payoutId, { amount: event.data.amount, rejected: false });
    }
    if (event.type === 'PayoutRejected') {
      const entry = payouts.get(event.data.payoutId);
      if (entry) entry.rejected = true;
    }
  }
  const held = [...payouts.values()].filter((p) => !p.rejected).reduce((s, p) => s + p.amount, 0);
  return credits - clawbacks - held;
}

describe('influencer ledger properties', () => {
  it('keeps the balance non-negative and equal to credits − clawbacks − open/paid payouts', () => {
    // The generator must reach the interesting cases, or the property proves little.
    const seen = { paidOrRejected: 0, shortfall: 0 };
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 80, size: 'max' }), (commands) => {
        const events: InfluencerLedgerEvent[] = [
          {
            type: 'InfluencerCreated',
            data: {
              influencerId: 'i1',
              name: 'A',
              email: 'a@example.com',
              referralCode: 'A',
              passwordHash: 'h',
            },
          },
        ];
        let state: InfluencerLedgerState = decider.evolve(
          decider.initialState(),
          events[0] as InfluencerLedgerEvent,
        );
        for (const command of commands) {
          let decided: InfluencerLedgerEvent[];
          try {
            decided = decider.decide(command, state);
          } catch (error) {
            // A refusal is a rule at work, never a crash.
            expect(error).toBeInstanceOf(DomainError);
            continue;
          }
          events.push(...decided);
          for (const event of decided) {
            if (event.type === 'PayoutPaid' || event.type === 'PayoutRejected') {
              seen.paidOrRejected += 1;
            }
            if (event.type === 'ReferralRewardClawedBack' && event.data.shortfall > 0) {
              seen.shortfall += 1;
            }
          }
          state = decided.reduce(decider.evolve, state);
          if (state.kind !== 'created') throw new Error('ledger vanished');
          expect(state.balance).toBeGreaterThanOrEqual(0);
          expect(state.balance).toBe(expectedBalance(events));
          // One open payout at most; one credit per user at most.
          const open = Object.values(state.payouts).filter(
            (p) => p.status === 'requested' || p.status === 'approved',
          );
          expect(open.length).toBeLessThanOrEqual(1);
          const credited = events.filter((e) => e.type === 'ReferralRewardCredited');
          expect(new Set(credited.map((e) => e.data.userId)).size).toBe(credited.length);
        }
      }),
      { numRuns: 300 },
    );
    expect(seen.paidOrRejected).toBeGreaterThan(0);
    expect(seen.shortfall).toBeGreaterThan(0);
  });
});
