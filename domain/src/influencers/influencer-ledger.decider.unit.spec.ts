import { describe, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import { INFLUENCER_MESSAGES, type InfluencerLedgerCommand } from './influencer-ledger.commands';
import {
  createInfluencerLedgerDecider,
  influencerLedgerDecider,
} from './influencer-ledger.decider';
import type { InfluencerLedgerEvent } from './influencer-ledger.events';
import { notEligibleMessage, type ReferralProgramme } from './referral-programme';

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
  data: { influencerId: I, userId, at: '2026-11-01T00:00:00.000Z' },
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
    payeeName: 'Asha R',
    mobile: '9876543210',
    bankName: 'SBI',
    upiId: 'asha@upi',
  },
});
const removed: InfluencerLedgerEvent = { type: 'InfluencerRemoved', data: { influencerId: I } };
const payee = {
  payeeName: 'Asha R',
  mobile: '9876543210',
  bankName: 'SBI',
  upiId: 'asha@upi',
};

// Small figures so the eligibility boundary is a few events away.
const small: ReferralProgramme = { rewardPerReferral: 50, minRegistrations: 2, minBalance: 100 };
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
      command('RegisterReferral', { userId: 'u9', userEmail: null }),
      command('CreditReferralReward', { userId: 'u1', orderId: 'o-u1' }),
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
      .when(command('RegisterReferral', { userId: 'u1', userEmail: null }))
      .thenThrows('not_found');
  });
});

describe('referrals and rewards', () => {
  it('records a referral once, with the decision time', () => {
    real
      .given([created])
      .when(command('RegisterReferral', { userId: 'u1', userEmail: 'ravi@example.com' }))
      .then([
        {
          type: 'ReferralRegistered',
          data: { influencerId: I, userId: 'u1', at: metadata.now },
        },
      ]);
    real
      .given([created, registered('u1')])
      .when(command('RegisterReferral', { userId: 'u1', userEmail: null }))
      .then([]);
  });

  it('does not record a self-referral (same e-mail, any case)', () => {
    real
      .given([created])
      .when(command('RegisterReferral', { userId: 'u1', userEmail: ' ASHA@example.com' }))
      .then([]);
  });

  it('credits the programme amount once per referred user', () => {
    real
      .given([created, registered('u1')])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o1' }))
      .then([credited('u1', 'o1')]);
    real
      .given([created, registered('u1'), credited('u1', 'o1')])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o2' }))
      .then([]);
  });

  it('refuses to credit a user the ledger never saw referred', () => {
    real
      .given([created])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o1' }))
      .thenThrows('conflict', INFLUENCER_MESSAGES.notReferred);
  });

  it('does not credit again after a clawback', () => {
    const clawed: InfluencerLedgerEvent = {
      type: 'ReferralRewardClawedBack',
      data: { influencerId: I, userId: 'u1', orderId: 'o1', amount: 50, shortfall: 0 },
    };
    real
      .given([created, registered('u1'), credited('u1', 'o1'), clawed])
      .when(command('CreditReferralReward', { userId: 'u1', orderId: 'o2' }))
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

  it('never takes the balance below zero: the rest is recorded as a shortfall', () => {
    // u1 and u2 earned 100; the payout holds all of it, then u1's order is refunded.
    spec
      .given([...eligible, requested('p1', 100)])
      .when(command('ClawBackReferralReward', { userId: 'u1', orderId: 'o-u1' }))
      .then([
        {
          type: 'ReferralRewardClawedBack',
          data: { influencerId: I, userId: 'u1', orderId: 'o-u1', amount: 0, shortfall: 50 },
        },
      ]);
    spec
      .given([...eligible, requested('p1', 100), credited('u3', 'o-u3', 30)])
      .when(command('ClawBackReferralReward', { userId: 'u1', orderId: 'o-u1' }))
      .then([
        {
          type: 'ReferralRewardClawedBack',
          data: { influencerId: I, userId: 'u1', orderId: 'o-u1', amount: 30, shortfall: 20 },
        },
      ]);
  });
});

describe('payouts', () => {
  const request = (payoutId = 'p1', details = payee) =>
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
        { type: 'PayoutApproved', data: { influencerId: I, payoutId: 'p1' } },
        credited('u3', 'o3', 200),
      ])
      .when(request('p2'))
      .thenThrows('conflict', INFLUENCER_MESSAGES.payoutOpen);
  });

  it('needs every payee detail and a 10-digit mobile', () => {
    spec
      .given(eligible)
      .when(request('p1', { ...payee, bankName: ' ' }))
      .thenThrows('invalid', INFLUENCER_MESSAGES.payeeDetailsRequired);
    spec
      .given(eligible)
      .when(request('p1', { ...payee, mobile: '98765' }))
      .thenThrows('invalid', INFLUENCER_MESSAGES.mobileInvalid);
  });

  it('approves, pays with the transaction id, and then accepts a new request', () => {
    const open = [...eligible, requested('p1', 100)];
    const approved: InfluencerLedgerEvent = {
      type: 'PayoutApproved',
      data: { influencerId: I, payoutId: 'p1' },
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
      .when(command('MarkPayoutPaid', { payoutId: 'p1', txnId: null }))
      .then([{ type: 'PayoutPaid', data: { influencerId: I, payoutId: 'p1', txnId: null } }]);
    spec
      .given([...open, paid, credited('u3', 'o3', 100)])
      .when(request('p2'))
      .then([requested('p2', 100)]);
  });

  it('returns the amount on rejection, so the balance can be requested again', () => {
    const open = [...eligible, requested('p1', 100)];
    const rejected: InfluencerLedgerEvent = {
      type: 'PayoutRejected',
      data: { influencerId: I, payoutId: 'p1', amount: 100 },
    };
    spec
      .given(open)
      .when(command('RejectPayout', { payoutId: 'p1' }))
      .then([rejected]);
    spec
      .given([...open, rejected])
      .when(command('RejectPayout', { payoutId: 'p1' }))
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
      data: { influencerId: I, payoutId: 'p1', txnId: null },
    };
    const rejected: InfluencerLedgerEvent = {
      type: 'PayoutRejected',
      data: { influencerId: I, payoutId: 'p1', amount: 100 },
    };
    spec
      .given([...open, paid])
      .when(command('RejectPayout', { payoutId: 'p1' }))
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
