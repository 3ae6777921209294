import { influencerLedgerEvents, type StoredInfluencerLedgerEvent } from '@shortlist/domain';
import type { StatementEntry } from '@shortlist/domain/contract';
import type { RecordedEvent } from '@shortlist/eventstore';
import { decodeHistory, type LoadedEvent } from '../../../commands/aggregate';

type LedgerEvent = LoadedEvent<StoredInfluencerLedgerEvent>;

/** A ledger stream as a store gives it, decoded through the ledger's catalogue. */
export function ledgerHistory(streamName: string, events: readonly RecordedEvent[]): LedgerEvent[] {
  return decodeHistory(influencerLedgerEvents, streamName, events);
}

/**
 * The statement lines of an influencer's ledger stream, in stream order, with the running
 * balance. The amounts follow the ledger's balance rule (earned − clawed back − held − paid
 * out): a request holds the whole balance, an approval returns what it netted for a debt, a
 * payment keeps the rest held for good (no change), a rejection returns it. A pending commission
 * shows its amount apart; it moves the balance only when earned. A balance below zero is a debt.
 * Events at or after `before` are left out. Times are the decision's (metadata.at).
 */
export function ledgerStatement(
  history: readonly LedgerEvent[],
  before?: string,
): StatementEntry[] {
  const limit = before === undefined ? Number.POSITIVE_INFINITY : Date.parse(before);
  const entries: StatementEntry[] = [];
  let balance = 0;
  for (const event of history) {
    const { at } = event.metadata;
    if (Date.parse(at) >= limit) continue;
    const line = lineOf(event);
    if (line === null) continue;
    balance += line.amount;
    entries.push({
      id: event.id,
      at,
      orderId: null,
      // Filled by the route from the read models: the stream holds no names.
      customerName: null,
      payoutId: null,
      txnId: null,
      pending: 0,
      reason: null,
      ...line,
      balance,
    });
  }
  return entries;
}

type Optional = 'orderId' | 'payoutId' | 'txnId' | 'pending' | 'reason';
type Line = Omit<StatementEntry, 'id' | 'at' | 'balance' | 'customerName' | Optional> &
  Partial<Pick<StatementEntry, Optional>>;

function lineOf(event: StoredInfluencerLedgerEvent): Line | null {
  switch (event.type) {
    case 'ReferralRewardCredited':
      return { kind: 'reward', orderId: event.data.orderId, amount: whole(event.data.amount) };
    case 'ReferralRewardClawedBack':
      return { kind: 'clawback', orderId: event.data.orderId, amount: -whole(event.data.amount) };
    case 'CommissionPending': {
      const pending = whole(event.data.amount);
      return { kind: 'commission_pending', orderId: event.data.orderId, amount: 0, pending };
    }
    case 'CommissionEarned': {
      const { orderId, amount } = event.data;
      return { kind: 'commission_earned', orderId, amount: whole(amount) };
    }
    case 'CommissionCancelled':
      return { kind: 'commission_cancelled', orderId: event.data.orderId, amount: 0 };
    case 'CommissionClawedBack': {
      const { orderId, amount } = event.data;
      return { kind: 'commission_clawback', orderId, amount: -whole(amount) };
    }
    case 'PayoutRequested':
      return {
        kind: 'payout_held',
        payoutId: event.data.payoutId,
        amount: -whole(event.data.amount),
      };
    case 'PayoutApproved':
      // The netted part of the hold paid the debt: it comes back to the balance.
      return {
        kind: 'payout_approved',
        payoutId: event.data.payoutId,
        amount: whole(event.data.netted),
      };
    case 'PayoutPaid': {
      const { payoutId, txnId } = event.data;
      return { kind: 'payout_paid', payoutId, txnId: txnId ?? null, amount: 0 };
    }
    case 'PayoutRejected': {
      const { payoutId, amount, reason } = event.data;
      return {
        kind: 'payout_returned',
        payoutId,
        amount: whole(amount),
        reason: reason !== '' ? reason : null,
      };
    }
    default:
      return null;
  }
}

// Amounts are whole rupees; a fraction from an older producer is dropped as it always was.
function whole(value: number): number {
  return Number.isFinite(value) ? Math.trunc(value) : 0;
}
