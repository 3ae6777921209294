import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import {
  INFLUENCER_MESSAGES,
  type InfluencerLedgerCommand,
  type InfluencerLedgerState,
  type PayoutEntry,
} from './influencer-ledger.commands';
import type { InfluencerLedgerEvent, PayoutStatus } from './influencer-ledger.events';
import {
  isEligibleForPayout,
  notEligibleMessage,
  REFERRAL_PROGRAMME,
  type ReferralProgramme,
} from './referral-programme';

type Created = Extract<InfluencerLedgerState, { kind: 'created' }>;

function created(state: InfluencerLedgerState): Created {
  if (state.kind === 'none') throw new DomainError('not_found', INFLUENCER_MESSAGES.notFound);
  // A removed influencer takes no command (its history stays for the audit trail).
  if (state.removed) throw new DomainError('gone', INFLUENCER_MESSAGES.removed);
  return state;
}

function payoutOf(state: Created, payoutId: string): PayoutEntry {
  const payout = state.payouts[payoutId];
  if (payout === undefined) throw new DomainError('not_found', INFLUENCER_MESSAGES.payoutNotFound);
  return payout;
}

const blank = (value: string) => value.trim() === '';

function decideWith(programme: ReferralProgramme) {
  return function decide(
    command: InfluencerLedgerCommand,
    state: InfluencerLedgerState,
  ): InfluencerLedgerEvent[] {
    switch (command.type) {
      case 'CreateInfluencer': {
        if (state.kind !== 'none') {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.alreadyExists);
        }
        const { data } = command;
        if ([data.name, data.email, data.referralCode, data.passwordHash].some(blank)) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.fillAllFields);
        }
        return [
          {
            type: 'InfluencerCreated',
            data: {
              influencerId: data.influencerId,
              name: data.name.trim(),
              email: data.email.trim().toLowerCase(),
              referralCode: data.referralCode.toUpperCase(),
              passwordHash: data.passwordHash,
            },
          },
        ];
      }
      case 'ChangeInfluencerPassword': {
        const ledger = created(state);
        if (blank(command.data.passwordHash)) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.fillAllFields);
        }
        return [
          {
            type: 'InfluencerPasswordChanged',
            data: { influencerId: ledger.influencerId, passwordHash: command.data.passwordHash },
          },
        ];
      }
      case 'RemoveInfluencer': {
        const ledger = created(state);
        return [{ type: 'InfluencerRemoved', data: { influencerId: ledger.influencerId } }];
      }
      case 'RegisterReferral': {
        const ledger = created(state);
        const { userId, userEmail } = command.data;
        // A re-delivered registration is the same referral.
        if (ledger.referrals[userId]) return [];
        // ARCHITECTURE.md: a self-referral (same e-mail) earns nothing, so it is not recorded.
        if (ledger.email !== null && userEmail?.trim().toLowerCase() === ledger.email) return [];
        return [
          {
            type: 'ReferralRegistered',
            data: { influencerId: ledger.influencerId, userId, at: command.metadata.now },
          },
        ];
      }
      case 'CreditReferralReward': {
        const ledger = created(state);
        const { userId, orderId } = command.data;
        if (!ledger.referrals[userId]) {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.notReferred);
        }
        // Once per referred user, ever: a later review (or the same one reported twice) adds
        // nothing, even when the first reward was clawed back by a refund.
        if (ledger.rewards[userId] !== undefined) return [];
        return [
          {
            type: 'ReferralRewardCredited',
            data: {
              influencerId: ledger.influencerId,
              userId,
              orderId,
              amount: programme.rewardPerReferral,
            },
          },
        ];
      }
      case 'ClawBackReferralReward': {
        const ledger = created(state);
        const { userId, orderId } = command.data;
        const reward = ledger.rewards[userId];
        // Only the order that earned the reward takes it back, and only once.
        if (reward === undefined || reward.orderId !== orderId || reward.clawedBack) return [];
        const amount = Math.min(reward.amount, ledger.balance);
        return [
          {
            type: 'ReferralRewardClawedBack',
            data: {
              influencerId: ledger.influencerId,
              userId,
              orderId,
              amount,
              shortfall: reward.amount - amount,
            },
          },
        ];
      }
      case 'RequestPayout': {
        const ledger = created(state);
        const { data } = command;
        if ([data.payeeName, data.mobile, data.bankName, data.upiId].some(blank)) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.payeeDetailsRequired);
        }
        if (!/^\d{10}$/.test(data.mobile.trim())) {
          throw new DomainError('invalid', INFLUENCER_MESSAGES.mobileInvalid);
        }
        if (ledger.payouts[data.payoutId] !== undefined || ledger.openPayoutId !== null) {
          throw new DomainError('conflict', INFLUENCER_MESSAGES.payoutOpen);
        }
        if (!isEligibleForPayout(ledger, programme)) {
          throw new DomainError('conflict', notEligibleMessage(programme));
        }
        return [
          {
            type: 'PayoutRequested',
            data: {
              influencerId: ledger.influencerId,
              payoutId: data.payoutId,
              // The whole balance (ARCHITECTURE.md), held until paid or rejected.
              amount: ledger.balance,
              payeeName: data.payeeName.trim(),
              mobile: data.mobile.trim(),
              bankName: data.bankName.trim(),
              upiId: data.upiId.trim(),
            },
          },
        ];
      }
      case 'ApprovePayout': {
        const ledger = created(state);
        const { payoutId } = command.data;
        const payout = payoutOf(ledger, payoutId);
        if (payout.status === 'approved') return [];
        refuseSettled(payout);
        return [{ type: 'PayoutApproved', data: { influencerId: ledger.influencerId, payoutId } }];
      }
      case 'MarkPayoutPaid': {
        const ledger = created(state);
        const { payoutId } = command.data;
        const payout = payoutOf(ledger, payoutId);
        if (payout.status === 'paid') return [];
        refuseSettled(payout);
        const txnId = command.data.txnId?.trim() || null;
        return [
          { type: 'PayoutPaid', data: { influencerId: ledger.influencerId, payoutId, txnId } },
        ];
      }
      case 'RejectPayout': {
        const ledger = created(state);
        const { payoutId } = command.data;
        const payout = payoutOf(ledger, payoutId);
        if (payout.status === 'rejected') return [];
        refuseSettled(payout);
        return [
          {
            type: 'PayoutRejected',
            data: { influencerId: ledger.influencerId, payoutId, amount: payout.amount },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  };
}

/**
 * SPEC §4 lets an admin pick any status on any row; money decides otherwise once a payout is
 * settled: a paid payout cannot be rejected (the money left) and a rejected one cannot be paid
 * or approved (its amount is back in the balance and may be in a newer request).
 */
function refuseSettled(payout: PayoutEntry): void {
  if (payout.status === 'paid') {
    throw new DomainError('conflict', INFLUENCER_MESSAGES.payoutAlreadyPaid);
  }
  if (payout.status === 'rejected') {
    throw new DomainError('conflict', INFLUENCER_MESSAGES.payoutAlreadyRejected);
  }
}

function evolve(state: InfluencerLedgerState, event: InfluencerLedgerEvent): InfluencerLedgerState {
  if (event.type === 'InfluencerCreated') {
    if (state.kind !== 'none') return state;
    return {
      kind: 'created',
      influencerId: event.data.influencerId,
      // null after crypto-shredding, although the type says string.
      email: typeof event.data.email === 'string' ? event.data.email.toLowerCase() : null,
      removed: false,
      referrals: {},
      registrations: 0,
      rewards: {},
      payouts: {},
      openPayoutId: null,
      balance: 0,
    };
  }
  if (state.kind === 'none') return state;
  switch (event.type) {
    case 'InfluencerPasswordChanged':
      return state;
    case 'InfluencerRemoved':
      return { ...state, removed: true };
    case 'ReferralRegistered':
      if (state.referrals[event.data.userId]) return state;
      return {
        ...state,
        referrals: { ...state.referrals, [event.data.userId]: true },
        registrations: state.registrations + 1,
      };
    case 'ReferralRewardCredited': {
      const { userId, orderId, amount } = event.data;
      return {
        ...state,
        rewards: { ...state.rewards, [userId]: { orderId, amount, clawedBack: false } },
        balance: state.balance + amount,
      };
    }
    case 'ReferralRewardClawedBack': {
      const reward = state.rewards[event.data.userId];
      if (reward === undefined) return state;
      return {
        ...state,
        rewards: { ...state.rewards, [event.data.userId]: { ...reward, clawedBack: true } },
        balance: state.balance - event.data.amount,
      };
    }
    case 'PayoutRequested':
      return {
        ...state,
        payouts: {
          ...state.payouts,
          [event.data.payoutId]: { amount: event.data.amount, status: 'requested' },
        },
        openPayoutId: event.data.payoutId,
        balance: state.balance - event.data.amount,
      };
    case 'PayoutApproved':
      return withPayoutStatus(state, event.data.payoutId, 'approved');
    case 'PayoutPaid':
      return withPayoutStatus(state, event.data.payoutId, 'paid');
    case 'PayoutRejected': {
      const next = withPayoutStatus(state, event.data.payoutId, 'rejected');
      return { ...next, balance: next.balance + event.data.amount };
    }
    default:
      return assertNever(event);
  }
}

function withPayoutStatus(state: Created, payoutId: string, status: PayoutStatus): Created {
  const payout = state.payouts[payoutId];
  if (payout === undefined) return state;
  const open = status === 'requested' || status === 'approved';
  return {
    ...state,
    payouts: { ...state.payouts, [payoutId]: { ...payout, status } },
    openPayoutId: open ? payoutId : state.openPayoutId === payoutId ? null : state.openPayoutId,
  };
}

export function createInfluencerLedgerDecider(
  programme: ReferralProgramme,
): Decider<InfluencerLedgerState, InfluencerLedgerCommand, InfluencerLedgerEvent> {
  return { decide: decideWith(programme), evolve, initialState: () => ({ kind: 'none' }) };
}

export const influencerLedgerDecider = createInfluencerLedgerDecider(REFERRAL_PROGRAMME);
