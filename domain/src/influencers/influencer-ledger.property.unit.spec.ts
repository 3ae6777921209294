import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { attributionEmail } from './attribution-email';
import type { InfluencerLedgerCommand, InfluencerLedgerState } from './influencer-ledger.commands';
import { createInfluencerLedgerDecider } from './influencer-ledger.decider';
import type { InfluencerLedgerEvent } from './influencer-ledger.events';
import type { ReferralProgramme } from './referral-programme';
import { DEFAULT_REWARD_RULES } from './reward-rules';

// Small pools so sequences revisit the same users, orders and payouts; small thresholds so
// payouts come within a few dozen commands. Accounts u1/u2 and u3/u4 are one person each under
// two addresses (Gmail dots and googlemail, a +tag); u5 is the influencer's own alias.
const EMAILS: Readonly<Record<string, string>> = {
  u1: 'ravi.k@gmail.com',
  u2: 'RaviK+2@googlemail.com',
  u3: 'meena@example.com',
  u4: 'Meena+promo@example.com',
  u5: 'asha+1@example.com',
  u6: 'kiran@example.com',
};
const USERS = Object.keys(EMAILS);
const PAYOUTS = ['p1', 'p2', 'p3'] as const;
const programme: ReferralProgramme = { minRegistrations: 2, minBalance: 60 };
const decider = createInfluencerLedgerDecider(programme);
const rules = DEFAULT_REWARD_RULES;
const metadata: CommandMetadata = {
  actor: 'system:property',
  correlationId: 'c',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};
const upi = {
  method: 'upi' as const,
  payeeName: 'A',
  mobile: '9876543210',
  bankName: '',
  accountNumber: '',
  ifsc: '',
  upiId: 'asha@upi',
};
const emailOf = (userId: string): string => EMAILS[userId] ?? '';
/** The api hashes the attribution e-mail; the e-mail itself serves as the key here. */
const personOf = (userId: string): string => attributionEmail(emailOf(userId));

const user = fc.constantFrom(...USERS);
const payout = fc.constantFrom(...PAYOUTS);
// Each user has a review order (r), and two commissioned orders (a, b).
const userOrder = (kind: fc.Arbitrary<string>) =>
  fc.record({ userId: user, kind }).map(({ userId, kind: k }) => ({
    userId,
    orderId: `${userId}-${k}`,
  }));
const anyOrder = userOrder(fc.constantFrom('r', 'a', 'b'));
// Which instrument paid (its fingerprint), or untold: few enough that accounts share them.
const paidWith = fc
  .option(fc.constantFrom('card-1', 'card-2', 'vpa-1'), { nil: undefined })
  .map((instrument) => (instrument === undefined ? {} : { instrument }));
const of = <C extends InfluencerLedgerCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata }) as InfluencerLedgerCommand;

// Weighted so requests, refunds and approvals meet: a refund between a request and its approval
// is the case netting exists for.
const commandArb: fc.Arbitrary<InfluencerLedgerCommand> = fc.oneof(
  {
    weight: 3,
    arbitrary: user.map((userId) =>
      of('RegisterReferral', { userId, userEmail: emailOf(userId), personKey: personOf(userId) }),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(userOrder(fc.constant('r')), paidWith)
      .map(([d, w]) => of('CreditReferralReward', { ...d, rules, ...w })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(userOrder(fc.constantFrom('a', 'b')), paidWith)
      .map(([d, w]) =>
        of('RecordOrderCommission', { ...d, service: 'resume_rewrite', rules, ...w }),
      ),
  },
  {
    weight: 2,
    arbitrary: userOrder(fc.constantFrom('a', 'b')).map((d) =>
      of('EarnOrderCommission', { orderId: d.orderId }),
    ),
  },
  { weight: 3, arbitrary: anyOrder.map((d) => of('ClawBackReferralReward', d)) },
  { weight: 2, arbitrary: payout.map((payoutId) => of('RequestPayout', { payoutId, ...upi })) },
  { weight: 2, arbitrary: payout.map((payoutId) => of('ApprovePayout', { payoutId })) },
  {
    weight: 2,
    arbitrary: payout.map((payoutId) => of('MarkPayoutPaid', { payoutId, txnId: 'UTR' })),
  },
  {
    weight: 1,
    arbitrary: payout.map((payoutId) => of('RejectPayout', { payoutId, reason: 'check details' })),
  },
);

/** The money figures recomputed from the events alone, one event at a time. */
class Totals {
  earned = 0;
  clawedBack = 0;
  private readonly payouts = new Map<string, { amount: number; status: string }>();

  add(event: InfluencerLedgerEvent): void {
    switch (event.type) {
      case 'ReferralRewardCredited':
      case 'CommissionEarned':
        this.earned += event.data.amount;
        break;
      case 'ReferralRewardClawedBack':
      case 'CommissionClawedBack':
        this.clawedBack += event.data.amount;
        break;
      case 'PayoutRequested':
        this.payouts.set(event.data.payoutId, { amount: event.data.amount, status: 'requested' });
        break;
      case 'PayoutApproved':
        this.payouts.set(event.data.payoutId, { amount: event.data.amount, status: 'approved' });
        break;
      case 'PayoutPaid':
      case 'PayoutRejected': {
        const entry = this.payouts.get(event.data.payoutId);
        if (entry) entry.status = event.type === 'PayoutPaid' ? 'paid' : 'rejected';
        break;
      }
      default:
        break;
    }
  }

  private sum(statuses: string[]): number {
    return [...this.payouts.values()]
      .filter((p) => statuses.includes(p.status))
      .reduce((s, p) => s + p.amount, 0);
  }

  get paid(): number {
    return this.sum(['paid']);
  }

  get held(): number {
    return this.sum(['requested', 'approved']);
  }
}

const createdEvent: InfluencerLedgerEvent = {
  type: 'InfluencerCreated',
  data: {
    influencerId: 'i1',
    name: 'A',
    email: 'asha@example.com',
    referralCode: 'A',
    passwordHash: 'h',
  },
};

describe('influencer ledger properties', () => {
  // CPU-bound (400 runs of up to 100 commands): on a loaded machine it outlasts the default 5 s.
  it('balance = earned − clawed back − paid; payouts never exceed it net of debts; one person, one reward', {
    timeout: 60_000,
  }, () => {
    // The generator must reach the interesting cases, or the properties prove little.
    const seen = {
      paid: 0,
      rejected: 0,
      netted: 0,
      debt: 0,
      samePerson: 0,
      ownAddress: 0,
      sameInstrument: 0,
    };
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 100, size: 'max' }), (commands) => {
        const t = new Totals();
        const credited: string[] = [];
        // Each instrument's first credited account; accounts flagged for paying with another's.
        const instrumentOwner = new Map<string, string>();
        const instrumentFlagged = new Set<string>();
        let state: InfluencerLedgerState = decider.evolve(decider.initialState(), createdEvent);
        const approvedAt = new Map<string, number>();
        for (const command of commands) {
          let decided: InfluencerLedgerEvent[];
          try {
            decided = decider.decide(command, state);
          } catch (error) {
            // A refusal is a rule at work, never a crash.
            expect(error).toBeInstanceOf(DomainError);
            continue;
          }
          for (const event of decided) {
            if (event.type === 'PayoutApproved') {
              // Never approved for more than the ledger holds net of debts.
              expect(event.data.amount).toBeGreaterThan(0);
              expect(event.data.amount).toBeLessThanOrEqual(t.earned - t.clawedBack - t.paid);
              approvedAt.set(event.data.payoutId, event.data.amount);
              if (event.data.netted > 0) seen.netted += 1;
            }
            if (event.type === 'PayoutPaid') {
              // Paid is what was approved: never a payout that skipped the netting.
              expect(approvedAt.has(event.data.payoutId)).toBe(true);
              seen.paid += 1;
            }
            if (event.type === 'PayoutRejected') seen.rejected += 1;
            if (event.type === 'ReferralFlagged') {
              if (event.data.reason === 'same_person') seen.samePerson += 1;
              if (event.data.reason === 'own_address') seen.ownAddress += 1;
              if (event.data.reason === 'same_payment_instrument') {
                seen.sameInstrument += 1;
                instrumentFlagged.add(event.data.userId);
              }
            }
            if (event.type === 'ReferralRewardCredited' || event.type === 'CommissionPending') {
              // One instrument earns for one account; a flagged account earns nothing more.
              expect(instrumentFlagged.has(event.data.userId)).toBe(false);
              const { instrument } = event.data;
              if (instrument !== undefined) {
                const owner = instrumentOwner.get(instrument) ?? event.data.userId;
                expect(owner).toBe(event.data.userId);
                instrumentOwner.set(instrument, owner);
              }
            }
            if (event.type === 'ReferralRewardCredited') credited.push(personOf(event.data.userId));
            t.add(event);
          }
          state = decided.reduce(decider.evolve, state);
          if (state.kind !== 'created') throw new Error('ledger vanished');
          // The balance is what was earned, less what was clawed back, paid and held.
          expect(state.balance + t.held).toBe(t.earned - t.clawedBack - t.paid);
          expect(state.balance).toBe(t.earned - t.clawedBack - t.paid - t.held);
          if (state.balance < 0) seen.debt += 1;
          // One open payout at most.
          const open = Object.values(state.payouts).filter(
            (p) => p.status === 'requested' || p.status === 'approved',
          );
          expect(open.length).toBeLessThanOrEqual(1);
          // One person never earns two first-review rewards; the influencer's own never earns.
          expect(new Set(credited).size).toBe(credited.length);
          expect(credited).not.toContain(attributionEmail('asha@example.com'));
        }
      }),
      { numRuns: 400 },
    );
    for (const [name, count] of Object.entries(seen)) {
      expect(count, `${name} never reached`).toBeGreaterThan(0);
    }
  });
});
