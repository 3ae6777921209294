import type { InfluencerLedgerEvent } from '@shortlist/domain';
import type { StatementEntry } from '@shortlist/domain/contract';
import type { RecordedEvent } from '@shortlist/eventstore';

/** The decision's time (metadata.at), else when the store recorded the event. */
export function ledgerEventTime(event: RecordedEvent): string {
  const at = event.metadata.at;
  return typeof at === 'string' && !Number.isNaN(Date.parse(at)) ? at : event.recordedAt;
}

type LedgerData<Type extends InfluencerLedgerEvent['type']> = Extract<
  InfluencerLedgerEvent,
  { type: Type }
>['data'];

/**
 * The statement lines of an influencer's ledger stream, in stream order, with the running
 * balance. The amounts follow the ledger's balance rule (earned − clawed back − held − paid
 * out): a request holds the whole balance, an approval returns what it netted for a debt, a
 * payment keeps the rest held for good (no change), a rejection returns it. A pending commission
 * shows its amount apart; it moves the balance only when earned. A balance below zero is a debt.
 * Events at or after `before` are left out.
 */
export function ledgerStatement(
  events: readonly RecordedEvent[],
  before?: string,
): StatementEntry[] {
  const limit = before === undefined ? Number.POSITIVE_INFINITY : Date.parse(before);
  const entries: StatementEntry[] = [];
  let balance = 0;
  for (const event of events) {
    const at = ledgerEventTime(event);
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

function lineOf(event: RecordedEvent): Line | null {
  switch (event.type) {
    case 'ReferralRewardCredited': {
      const data = event.data as LedgerData<'ReferralRewardCredited'>;
      return { kind: 'reward', orderId: data.orderId, amount: whole(data.amount) };
    }
    case 'ReferralRewardClawedBack': {
      const data = event.data as LedgerData<'ReferralRewardClawedBack'>;
      return { kind: 'clawback', orderId: data.orderId, amount: -whole(data.amount) };
    }
    case 'CommissionPending': {
      const data = event.data as LedgerData<'CommissionPending'>;
      const pending = whole(data.amount);
      return { kind: 'commission_pending', orderId: data.orderId, amount: 0, pending };
    }
    case 'CommissionEarned': {
      const data = event.data as LedgerData<'CommissionEarned'>;
      return { kind: 'commission_earned', orderId: data.orderId, amount: whole(data.amount) };
    }
    case 'CommissionCancelled': {
      const data = event.data as LedgerData<'CommissionCancelled'>;
      return { kind: 'commission_cancelled', orderId: data.orderId, amount: 0 };
    }
    case 'CommissionClawedBack': {
      const data = event.data as LedgerData<'CommissionClawedBack'>;
      return { kind: 'commission_clawback', orderId: data.orderId, amount: -whole(data.amount) };
    }
    case 'PayoutRequested': {
      const data = event.data as LedgerData<'PayoutRequested'>;
      return { kind: 'payout_held', payoutId: data.payoutId, amount: -whole(data.amount) };
    }
    case 'PayoutApproved': {
      const data = event.data as LedgerData<'PayoutApproved'>;
      // The netted part of the hold paid the debt: it comes back to the balance.
      return { kind: 'payout_approved', payoutId: data.payoutId, amount: whole(data.netted) };
    }
    case 'PayoutPaid': {
      const data = event.data as LedgerData<'PayoutPaid'>;
      return { kind: 'payout_paid', payoutId: data.payoutId, txnId: data.txnId ?? null, amount: 0 };
    }
    case 'PayoutRejected': {
      const data = event.data as LedgerData<'PayoutRejected'>;
      const reason = typeof data.reason === 'string' && data.reason !== '' ? data.reason : null;
      return {
        kind: 'payout_returned',
        payoutId: data.payoutId,
        amount: whole(data.amount),
        reason,
      };
    }
    default:
      return null;
  }
}

// Recorded JSON from older producers may lack a field; such a line moves nothing.
function whole(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
}
