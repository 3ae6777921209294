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
 * balance. The amounts follow the ledger's balance rule (credited − clawed back − held − paid
 * out): a request holds the whole balance, a payment keeps it held for good (no change), a
 * rejection returns it. Events at or after `before` are left out.
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
      ...line,
      balance,
    });
  }
  return entries;
}

type Line = Omit<
  StatementEntry,
  'id' | 'at' | 'balance' | 'orderId' | 'payoutId' | 'txnId' | 'customerName'
> &
  Partial<Pick<StatementEntry, 'orderId' | 'payoutId' | 'txnId'>>;

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
    case 'PayoutRequested': {
      const data = event.data as LedgerData<'PayoutRequested'>;
      return { kind: 'payout_held', payoutId: data.payoutId, amount: -whole(data.amount) };
    }
    case 'PayoutApproved': {
      const data = event.data as LedgerData<'PayoutApproved'>;
      return { kind: 'payout_approved', payoutId: data.payoutId, amount: 0 };
    }
    case 'PayoutPaid': {
      const data = event.data as LedgerData<'PayoutPaid'>;
      return { kind: 'payout_paid', payoutId: data.payoutId, txnId: data.txnId ?? null, amount: 0 };
    }
    case 'PayoutRejected': {
      const data = event.data as LedgerData<'PayoutRejected'>;
      return { kind: 'payout_returned', payoutId: data.payoutId, amount: whole(data.amount) };
    }
    default:
      return null;
  }
}

// Recorded JSON from older producers may lack a field; such a line moves nothing.
function whole(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
}
