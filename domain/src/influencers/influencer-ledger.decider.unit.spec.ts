import { describe, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import {
  debtExceedsPayoutMessage,
  INFLUENCER_MESSAGES,
  type InfluencerLedgerCommand,
} from './influencer-ledger.commands';
import {
  createInfluencerLedgerDecider,
  influencerLedgerDecider,
} from './influencer-ledger.decider';
import type { InfluencerLedgerEvent } from './influencer-ledger.events';
import { PAYMENT_DETAILS_MESSAGES, type PaymentDetails } from './payment-details';
import { notEligibleMessage, type ReferralProgramme } from './referral-programme';
import { DEFAULT_REWARD_RULES } from './reward-rules';

const metadata: CommandMetadata = {
  actor: 'system:test',
  correlationId: 'c1',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};
const I = 'i1';
const command = <C extends InfluencerLedgerCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata }) as C;

const created: InfluencerLedgerEvent = {
  type: 'InfluencerCreated',
  data: {
    influencerId: I,
    name: 'Asha',
    email: 'asha@example.com',
    referralCode: 'ASHA1234',
    passwordHash: '$argon2id$h',
  },
};
const registered = (userId: string): InfluencerLedgerEvent => ({
  type: 'ReferralRegistered',
  data: { influencerId: I, userId, at: '2026-11-01T00:00:00.000Z', personKey: `person-${userId}` },
});
const credited = (userId: string, orderId = `o-${userId}`, amount = 50): InfluencerLedgerEvent => ({
  type: 'ReferralRewardCredited',
  data: { influencerId: I, userId, orderId, amount },
});
const requested = (payoutId: string, amount: number): InfluencerLedgerEvent => ({
  type: 'PayoutRequested',
  data: {
    influencerId: I,
    payoutId,
    amount,
    method: 'upi',
    payeeName: 'Asha R',
    mobile: '9876543210',
    bankName: '',
    accountNumber: '',
    ifsc: '',
    upiId: 'asha@upi',
  },
});
const removed: InfluencerLedgerEvent = { type: 'InfluencerRemoved', data: { influencerId: I } };
const payee = {
  method: 'upi' as const,
  payeeName: 'Asha R',
  mobile: '9876543210',
  bankName: 'SBI',
  accountNumber: '',
  ifsc: '',
  upiId: 'asha@upi',
};
const rules = DEFAULT_REWARD_RULES;

// Small figures so the eligibility boundary is a few events away.
const small: ReferralProgramme = { minRegistrations: 2, minBalance: 100 };
const spec = DeciderSpecification.for(createInfluencerLedgerDecider(small));
const real = DeciderSpecification.for(influencerLedgerDecider);
const eligible = [created, registered('u1'), registered('u2'), credited('u1'), credited('u2')];

describe('creating and removing an influencer', () => {
  it('records who they are, with a normalised e-mail and an upper-case code', () => {
    real
      .given([])
      .when(
        command('CreateInfluencer', {
          influencerId: I,
          name: ' Asha ',
          email: ' Asha@Example.com ',
          referralCode: 'asha1234',
          passwordHash: '$argon2id$h',
        }),
      )
      .then([created]);
  });

  it('refuses a second creation and blank fields', () => {
    const data = {
      influencerId: I,
      name: 'A',
      email: 'a@b.c',
      referralCode: 'X',
      passwordHash: 'h',
    };
    real.given([created]).when(command('CreateInfluencer', data)).thenThrows('conflict');
    real
      .given([])
      .when(command('CreateInfluencer', { ...data, name: '  ' }))
      .thenThrows('invalid', 'Fill all fields');
  });

  it('changes the password hash', () => {
    real
      .given([created])
      .when(command('ChangeInfluencerPassword', { passwordHash: '$argon2id$new' }))
      .then([
        {
          type: 'InfluencerPasswordChanged',
          data: { influencerId: I, passwordHash: '$argon2id$new' },
        },
      ]);
  });

  it('takes no command once removed', () => {
    real.given([created]).when(command('RemoveInfluencer', {})).then([removed]);
    const commands: InfluencerLedgerCommand[] = [
      command('RemoveInfluencer', {}),
      command('ChangeInfluencerPassword', { passwordHash: 'h' }),
      command('RegisterReferral', { userId: 'u9', userEmail: null, personKey: null }),
      command('CreditReferralReward', { userId: 'u1', orderId: 'o-u1', rules }),
      command('RequestPayout', { payoutId: 'p1', ...payee }),
    ];
    for (const c of commands) {
      real
        .given([...eligible, removed])
        .when(c)
        .thenThrows('gone', INFLUENCER_MESSAGES.removed);
    }
  });

  it('knows no influencer before creation', () => {
    real
      .given([])
      .when(command('RegisterReferral', { userId: 'u1', userEmail: null, personKey: null }))
      .thenThrows('not_found');
  });
});

describe('referrals and rewards', () => {
  it('records a referral once, with the decision time', () => {
    real
      .given([created])
      .when(
        command('RegisterReferral', {
          userId: 'u1',
          userEmail: 'ravi@example.com',
          personKey: null,
        }),
      )
      .then([
        {
          type: 'ReferralRegistered',
          data: { influencerId: I, userId: 'u1', at: metadata.now, personKey: null },
        },
      ]);
    real
      .given([created, registered('u1')])
      .when(command('RegisterReferral', { userId: 'u1', userEmail: null, personKey: null }))
      .then([]);
  });

  const flagged = (userId: string, reason: string, relatedUserId: string | null) =>
    ({
      type: 'ReferralFlagged',
      data: { influencerId: I, userId, reason, relatedUserId, at: metadata.now },
    }) as InfluencerLedgerEvent;

  it("flags the influencer's own address and its aliases instead of recording them", () => {
    for (const userEmail of [' ASHA@example.com', 'asha+7@Example.com']) {
      real
        .given([created])
        .when(command('RegisterReferral', { userId: 'u1', userEmail, personKey: 'k' }))
        .then([flagged('u1', 'own_address', null)]);
    }
    // Flagged once: a re-delivery adds nothing.
    real
      .given([created, flagged('u1', 'own_address', null)])
      .when(
        command('RegisterReferral', {
          userId: 'u1',
          userEmail: 'asha@example.com',
          personKey: null,
        }),
      )
      .then([]);
  });

  it("treats a Gmail address with dots, a +tag or googlemail.com as the influencer's own", () => {
    const gmail: InfluencerLedgerEvent = {
      ...created,
      data: { ...(created.data as object), email: 'asha.rao@gmail.com' },
    } as InfluencerLedgerEvent;
    real
      .given([gmail])
      .when(
        command('RegisterReferral', {
          userId: 'u1',
          userEmail: 'A.S.H.A.R.A.O+x@googlemail.com',
          personKey: null,
        }),
      )
      .then([flagged('u1', 'own_address', null)]);
  });

  it('records one account per person: a second account of the same person is flagged', () => {
    real
      .given([created, registered('u1')])
      .when(
        command('RegisterReferral', { userId: 'u2', userEmail: 'x@y.z', personKey: 'person-u1' }),
      )
      .then([flagged('u2', 'same_person', 'u1')]);
  });

  it('flags, and does not credit, an account paying with an instrument another referred account was credited for', () => {
    const byCard = (userId: string, orderId: string): InfluencerLedgerEvent => ({
      type: 'ReferralRewardCredited',
      data: { influencerId: I, userId, orderId, amount: 50, instrument: 'card-x' },
    });
    const given = [created, registered('u1'), registered('u2'), byCard('u1', 'o1')];
    real
      .given(given)
      .when(
        command('CreditReferralReward', {
          userId: 'u2',
          orderId: 'o2',
          rules,
          instrument: 'card-x',
        }),
      )
      .then([flagged('u2', 'same_payment_instrument', 'u1')]);
    // Flagged once; the account earns nothing later, whatever it pays with.
    const flaggedU2 = flagged('u2', 'same_payment_instrument', 'u1');
    real
      .given([...given, flaggedU2])
      .when(command('CreditReferralReward', { userId: 'u2', orderId: 'o3', rules }))
      .then([]);
    real
      .given([...given, flaggedU2])
      .when(
        command('RecordOrderCommission', {
          userId: 'u2',
          orderId: 'o4',
          service: 'resume_rewrite',
          rules,
          instrument: 'vpa-y',
        }),
      )
      .then([]);
    // Another instrument, or the owner paying again with its own, is credited as usual.
    real
      .given(given)
      .when(
        command('CreditReferralReward', {
          userId: 'u2',
          orderId: 'o2',
          rules,
          instrument: 'vpa-y',
        }),
      )
      .then([
        {
          type: 'ReferralRewardCredited',
          data: { influencerId: I, userId: 'u2', orderId: 'o2', amount: 50, instrument: 'vpa-y' },
        },
      ]);
    real
      .given(given)
      .when(
        command('RecordOrderCommission', {
          userId: 'u1',
          orderId: 'o5',
          service: 'resume_rewrite',
          rules,
          instrument: 'card-x',
        }),
      )
      .then([
        {
          type: 'CommissionPending',
          data: {
            influencerId: I,
            userId: 'u1',
            orderId: 'o5',
            service: 'resume_rewrite',
            amount: 150,
            instrument: 'card-x',
          },
        },
      ]);
  });

  it('credits the programme amount once per referred user', () => {
    real
      .given([created, registered('u1')])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o1', rules }))
      .then([credited('u1', 'o1')]);
    real
      .given([created, registered('u1'), credited('u1', 'o1')])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o2', rules }))
      .then([]);
  });

  it('refuses to credit a user the ledger never saw referred', () => {
    real
      .given([created])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o1', rules }))
      .thenThrows('conflict', INFLUENCER_MESSAGES.notReferred);
  });

  it('does not credit again after a clawback', () => {
    const clawed: InfluencerLedgerEvent = {
      type: 'ReferralRewardClawedBack',
      data: { influencerId: I, userId: 'u1', orderId: 'o1', amount: 50, shortfall: 0 },
    };
    real
      .given([created, registered('u1'), credited('u1', 'o1'), clawed])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o2', rules }))
      .then([]);
  });
});

describe('clawbacks', () => {
  const claw = (orderId: string) => command('ClawBackReferralReward', { userId: 'u1', orderId });

  it('takes the reward back when its order is refunded, once', () => {
    const clawed: InfluencerLedgerEvent = {
      type: 'ReferralRewardClawedBack',
      data: { influencerId: I, userId: 'u1', orderId: 'o1', amount: 50, shortfall: 0 },
    };
    real
      .given([created, registered('u1'), credited('u1', 'o1')])
      .when(claw('o1'))
      .then([clawed]);
    real
      .given([created, registered('u1'), credited('u1', 'o1'), clawed])
      .when(claw('o1'))
      .then([]);
  });

  it('ignores refunds of orders that earned nothing', () => {
    real
      .given([created, registered('u1'), credited('u1', 'o1')])
      .when(claw('o2'))
      .then([]);
    real
      .given([created, registered('u1')])
      .when(claw('o1'))
      .then([]);
  });

  it('lands in full while a payout holds the balance: the rest becomes a debt', () => {
    // u1 and u2 earned 100; the payout holds all of it, then u1's order is refunded.
    spec
      .given([...eligible, requested('p1', 100)])
      .when(command('ClawBackReferralReward', { userId: 'u1', orderId: 'o-u1' }))
      .then([
        {
          type: 'ReferralRewardClawedBack',
          data: { influencerId: I, userId: 'u1', orderId: 'o-u1', amount: 50, shortfall: 0 },
        },
      ]);
  });
});

describe('payouts', () => {
  const request = (payoutId = 'p1', details: PaymentDetails = payee) =>
    command('RequestPayout', { payoutId, ...details });

  it('holds the whole balance when eligible', () => {
    spec
      .given(eligible)
      .when(request())
      .then([requested('p1', 100)]);
  });

  it('refuses below either threshold, with the rule in the message', () => {
    spec
      .given([created, registered('u1'), credited('u1', 'o1', 500)])
      .when(request())
      .thenThrows('conflict', notEligibleMessage(small));
    spec
      .given([created, registered('u1'), registered('u2'), credited('u1', 'o1', 99)])
      .when(request())
      .thenThrows('conflict', notEligibleMessage(small));
    real
      .given([created])
      .when(request())
      .thenThrows(
        'conflict',
        'You are not eligible for a payout yet: you need at least 50 registrations and a balance of at least ₹2,500.',
      );
  });

  it('allows one open payout at a time', () => {
    spec
      .given([...eligible, requested('p1', 100), credited('u3', 'o3', 200)])
      .when(request('p2'))
      .thenThrows('conflict', INFLUENCER_MESSAGES.payoutOpen);
    spec
      .given([
        ...eligible,
        requested('p1', 100),
        {
          type: 'PayoutApproved',
          data: { influencerId: I, payoutId: 'p1', amount: 100, netted: 0 },
        },
        credited('u3', 'o3', 200),
      ])
      .when(request('p2'))
      .thenThrows('conflict', INFLUENCER_MESSAGES.payoutOpen);
  });

  it('needs every payee detail of the chosen method, in its format, and a 10-digit mobile', () => {
    spec
      .given(eligible)
      .when(request('p1', { ...payee, upiId: ' ' }))
      .thenThrows('invalid', INFLUENCER_MESSAGES.payeeDetailsRequired);
    spec
      .given(eligible)
      .when(request('p1', { ...payee, upiId: 'not a vpa' }))
      .thenThrows('invalid', PAYMENT_DETAILS_MESSAGES.upiInvalid);
    const bank = { ...payee, method: 'bank' as const, upiId: '', bankName: 'SBI' };
    spec
      .given(eligible)
      .when(request('p1', { ...bank, accountNumber: '12345678901', ifsc: 'SBIN0001234' }))
      .then([
        {
          ...requested('p1', 100),
          data: {
            ...(requested('p1', 100).data as object),
            method: 'bank',
            bankName: 'SBI',
            accountNumber: '12345678901',
            ifsc: 'SBIN0001234',
            upiId: '',
          },
        } as InfluencerLedgerEvent,
      ]);
    spec
      .given(eligible)
      .when(request('p1', { ...bank, accountNumber: '12345678901', ifsc: 'SBIN1001234' }))
      .thenThrows('invalid', PAYMENT_DETAILS_MESSAGES.ifscInvalid);
    spec
      .given(eligible)
      .when(request('p1', { ...bank, accountNumber: '12-34', ifsc: 'SBIN0001234' }))
      .thenThrows('invalid', PAYMENT_DETAILS_MESSAGES.accountInvalid);
    spec
      .given(eligible)
      .when(request('p1', { ...payee, mobile: '98765' }))
      .thenThrows('invalid', INFLUENCER_MESSAGES.mobileInvalid);
  });

  it('approves, pays with the transaction id, and then accepts a new request', () => {
    const open = [...eligible, requested('p1', 100)];
    const approved: InfluencerLedgerEvent = {
      type: 'PayoutApproved',
      data: { influencerId: I, payoutId: 'p1', amount: 100, netted: 0 },
    };
    const paid: InfluencerLedgerEvent = {
      type: 'PayoutPaid',
      data: { influencerId: I, payoutId: 'p1', txnId: 'UTR123' },
    };
    spec
      .given(open)
      .when(command('ApprovePayout', { payoutId: 'p1' }))
      .then([approved]);
    spec
      .given([...open, approved])
      .when(command('ApprovePayout', { payoutId: 'p1' }))
      .then([]);
    spec
      .given([...open, approved])
      .when(command('MarkPayoutPaid', { payoutId: 'p1', txnId: ' UTR123 ' }))
      .then([paid]);
    spec
      .given(open)
      .when(command('MarkPayoutPaid', { payoutId: 'p1', txnId: 'UTR1' }))
      .thenThrows('conflict', INFLUENCER_MESSAGES.approveBeforePaid);
    spec
      .given([...open, approved])
      .when(command('MarkPayoutPaid', { payoutId: 'p1', txnId: '  ' }))
      .thenThrows('invalid', INFLUENCER_MESSAGES.transferReferenceRequired);
    spec
      .given([...open, paid, credited('u3', 'o3', 100)])
      .when(request('p2'))
      .then([requested('p2', 100)]);
  });

  it('returns the amount on rejection, so the balance can be requested again', () => {
    const open = [...eligible, requested('p1', 100)];
    const rejected: InfluencerLedgerEvent = {
      type: 'PayoutRejected',
      data: { influencerId: I, payoutId: 'p1', amount: 100, reason: 'Wrong UPI id' },
    };
    spec
      .given(open)
      .when(command('RejectPayout', { payoutId: 'p1', reason: ' Wrong UPI id ' }))
      .then([rejected]);
    spec
      .given(open)
      .when(command('RejectPayout', { payoutId: 'p1', reason: ' ' }))
      .thenThrows('invalid', INFLUENCER_MESSAGES.rejectReasonRequired);
    spec
      .given([...open, rejected])
      .when(command('RejectPayout', { payoutId: 'p1', reason: 'again' }))
      .then([]);
    spec
      .given([...open, rejected])
      .when(request('p2'))
      .then([requested('p2', 100)]);
  });

  it('keeps settled payouts settled', () => {
    const open = [...eligible, requested('p1', 100)];
    const paid: InfluencerLedgerEvent = {
      type: 'PayoutPaid',
      data: { influencerId: I, payoutId: 'p1', txnId: 'UTR' },
    };
    const rejected: InfluencerLedgerEvent = {
      type: 'PayoutRejected',
      data: { influencerId: I, payoutId: 'p1', amount: 100, reason: 'r' },
    };
    spec
      .given([...open, paid])
      .when(command('RejectPayout', { payoutId: 'p1', reason: 'r' }))
      .thenThrows('conflict', INFLUENCER_MESSAGES.payoutAlreadyPaid);
    spec
      .given([...open, rejected])
      .when(command('MarkPayoutPaid', { payoutId: 'p1', txnId: 'x' }))
      .thenThrows('conflict', INFLUENCER_MESSAGES.payoutAlreadyRejected);
    spec
      .given([...open, rejected])
      .when(command('ApprovePayout', { payoutId: 'p1' }))
      .thenThrows('conflict', INFLUENCER_MESSAGES.payoutAlreadyRejected);
    spec
      .given(open)
      .when(command('ApprovePayout', { payoutId: 'nope' }))
      .thenThrows('not_found', INFLUENCER_MESSAGES.payoutNotFound);
  });
});

describe('debts', () => {
  const claw = (userId: string) =>
    command('ClawBackReferralReward', { userId, orderId: `o-${userId}` });
  const clawed = (userId: string): InfluencerLedgerEvent => ({
    type: 'ReferralRewardClawedBack',
    data: { influencerId: I, userId, orderId: `o-${userId}`, amount: 50, shortfall: 0 },
  });
  const held = [...eligible, registered('u3'), credited('u3'), requested('p1', 150)];

  it('nets a debt from the held payout at approval', () => {
    // 150 held; u1's refund lands in full: the balance is -50, a debt of 50.
    spec
      .given([...held, clawed('u1')])
      .when(command('ApprovePayout', { payoutId: 'p1' }))
      .then([
        {
          type: 'PayoutApproved',
          data: { influencerId: I, payoutId: 'p1', amount: 100, netted: 50 },
        },
      ]);
  });

  it('refuses an approval the debt takes whole', () => {
    spec
      .given([...held, clawed('u1'), clawed('u2'), clawed('u3')])
      .when(command('ApprovePayout', { payoutId: 'p1' }))
      .thenThrows('conflict', debtExceedsPayoutMessage(150));
  });

  it('carries a debt after a paid payout into the balance the next rewards fill', () => {
    const paidOut = [
      ...eligible,
      requested('p1', 100),
      { type: 'PayoutApproved', data: { influencerId: I, payoutId: 'p1', amount: 100, netted: 0 } },
      { type: 'PayoutPaid', data: { influencerId: I, payoutId: 'p1', txnId: 'UTR' } },
    ] as InfluencerLedgerEvent[];
    spec
      .given(paidOut)
      .when(claw('u1'))
      .then([clawed('u1')]);
    // -50 + 120 = 70: below the 100 threshold, so no payout yet.
    spec
      .given([...paidOut, clawed('u1'), registered('u3'), credited('u3', 'o-u3', 120)])
      .when(command('RequestPayout', { payoutId: 'p2', ...payee }))
      .thenThrows('conflict', notEligibleMessage(small));
  });
});

describe('order commissions', () => {
  const record = (orderId: string, service = 'resume_rewrite', at = metadata.now) => ({
    ...command('RecordOrderCommission', { userId: 'u1', orderId, service, rules }),
    metadata: { ...metadata, now: at },
  });
  const pending = (orderId: string, amount = 150): InfluencerLedgerEvent => ({
    type: 'CommissionPending',
    data: { influencerId: I, userId: 'u1', orderId, service: 'resume_rewrite', amount },
  });
  const commission = (type: 'CommissionEarned' | 'CommissionCancelled' | 'CommissionClawedBack') =>
    ({
      type,
      data: { influencerId: I, userId: 'u1', orderId: 'o1', amount: 150 },
    }) as InfluencerLedgerEvent;

  it('records a pending commission for a rewrite or from-scratch order, once', () => {
    real
      .given([created, registered('u1')])
      .when(record('o1'))
      .then([pending('o1')]);
    real
      .given([created, registered('u1'), pending('o1')])
      .when(record('o1'))
      .then([]);
    real
      .given([created, registered('u1')])
      .when(record('o1', 'resume_review'))
      .then([]);
  });

  it('prices it with the rule in force on the payment day', () => {
    const changed = [
      ...rules,
      { kind: 'order_commission' as const, amount: 180, effectiveFrom: '2026-12-01' },
    ];
    const withRules = (at: string) => ({
      ...command('RecordOrderCommission', {
        userId: 'u1',
        orderId: 'o1',
        service: 'resume_rewrite',
        rules: changed,
      }),
      metadata: { ...metadata, now: at },
    });
    real
      .given([created, registered('u1')])
      .when(withRules('2026-11-30T23:59:59.000Z'))
      .then([pending('o1', 150)]);
    real
      .given([created, registered('u1')])
      .when(withRules('2026-12-01T00:00:00.000Z'))
      .then([pending('o1', 180)]);
  });

  it('is earned when the order completes, cancelled by a refund before, clawed back after', () => {
    const base = [created, registered('u1'), pending('o1')];
    real
      .given(base)
      .when(command('EarnOrderCommission', { orderId: 'o1' }))
      .then([commission('CommissionEarned')]);
    real
      .given(base)
      .when(command('ClawBackReferralReward', { userId: 'u1', orderId: 'o1' }))
      .then([commission('CommissionCancelled')]);
    real
      .given([...base, commission('CommissionEarned')])
      .when(command('ClawBackReferralReward', { userId: 'u1', orderId: 'o1' }))
      .then([commission('CommissionClawedBack')]);
    real
      .given([...base, commission('CommissionCancelled')])
      .when(command('EarnOrderCommission', { orderId: 'o1' }))
      .then([]);
  });
});
