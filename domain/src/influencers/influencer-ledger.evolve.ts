import { assertNever } from '../core/decider';
import type { CommissionEntry, InfluencerLedgerState } from './influencer-ledger.commands';
import type { InfluencerLedgerEvent, PayoutStatus } from './influencer-ledger.events';

type Created = Extract<InfluencerLedgerState, { kind: 'created' }>;

/**
 * The ledger's fold. The balance moves with money the influencer has earned and what leaves it
 * (clawbacks, held and paid payouts); pending commissions are counted apart until earned.
 */
export function evolveLedger(
  state: InfluencerLedgerState,
  event: InfluencerLedgerEvent,
): InfluencerLedgerState {
  if (event.type === 'InfluencerCreated') {
    if (state.kind !== 'none') return state;
    return {
      kind: 'created',
      influencerId: event.data.influencerId,
      // null after crypto-shredding, although the type says string.
      email: typeof event.data.email === 'string' ? event.data.email.toLowerCase() : null,
      removed: false,
      referrals: {},
      persons: {},
      flags: {},
      instruments: {},
      registrations: 0,
      rewards: {},
      commissions: {},
      pending: 0,
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
    case 'ReferralRegistered': {
      const { userId } = event.data;
      // Referrals recorded before person keys existed have none (the catalogue reads them null).
      const personKey = event.data.personKey ?? null;
      if (state.referrals[userId]) return state;
      return {
        ...state,
        referrals: { ...state.referrals, [userId]: true },
        persons:
          personKey === null || state.persons[personKey] !== undefined
            ? state.persons
            : { ...state.persons, [personKey]: userId },
        registrations: state.registrations + 1,
      };
    }
    case 'ReferralFlagged':
      return {
        ...state,
        flags: { ...state.flags, [flagKey(event.data.userId, event.data.reason)]: true },
      };
    case 'ReferralRewardCredited': {
      const { userId, orderId, amount } = event.data;
      return {
        ...state,
        rewards: { ...state.rewards, [userId]: { orderId, amount, clawedBack: false } },
        instruments: withInstrument(state.instruments, event.data.instrument, userId),
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
    case 'CommissionPending': {
      const { orderId, userId, amount } = event.data;
      if (state.commissions[orderId] !== undefined) return state;
      return {
        ...state,
        commissions: { ...state.commissions, [orderId]: { userId, amount, status: 'pending' } },
        instruments: withInstrument(state.instruments, event.data.instrument, userId),
        pending: state.pending + amount,
      };
    }
    case 'CommissionEarned':
      return withCommission(state, event.data.orderId, 'earned', (entry) => ({
        pending: state.pending - entry.amount,
        balance: state.balance + entry.amount,
      }));
    case 'CommissionCancelled':
      return withCommission(state, event.data.orderId, 'cancelled', (entry) => ({
        pending: state.pending - entry.amount,
        balance: state.balance,
      }));
    case 'CommissionClawedBack':
      return withCommission(state, event.data.orderId, 'clawed_back', (entry) => ({
        pending: state.pending,
        balance: state.balance - entry.amount,
      }));
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
    case 'PayoutApproved': {
      const next = withPayoutStatus(state, event.data.payoutId, 'approved');
      const payout = next.payouts[event.data.payoutId];
      if (payout === undefined) return next;
      // The netted part of the held amount settles the debt: it returns to the balance, and the
      // payout keeps only what will be paid. Approvals recorded before netting carry neither
      // figure (the catalogue reads them null and 0): they paid the held amount.
      const netted = event.data.netted ?? 0;
      const amount = event.data.amount ?? payout.amount;
      return {
        ...next,
        payouts: { ...next.payouts, [event.data.payoutId]: { ...payout, amount } },
        balance: next.balance + netted,
      };
    }
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

export const flagKey = (userId: string, reason: string): string => `${userId}:${reason}`;

/** The first account credited for an instrument stays its owner: later ones are the suspects. */
function withInstrument(
  instruments: Readonly<Record<string, string>>,
  instrument: string | undefined,
  userId: string,
): Readonly<Record<string, string>> {
  if (instrument === undefined || instruments[instrument] !== undefined) return instruments;
  return { ...instruments, [instrument]: userId };
}

function withCommission(
  state: Created,
  orderId: string,
  status: CommissionEntry['status'],
  figures: (entry: CommissionEntry) => { pending: number; balance: number },
): Created {
  const entry = state.commissions[orderId];
  if (entry === undefined) return state;
  return {
    ...state,
    ...figures(entry),
    commissions: { ...state.commissions, [orderId]: { ...entry, status } },
  };
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
