import type { StatementEntry } from '@shortlist/domain/contract';
import { formatRupees, shortId } from '../../shared/format';
import { messages } from '../../shared/messages';

const reasons = messages.statement.reasons;

/**
 * Why a line moved the balance, naming the customer (or, without a name, the order) or the
 * transfer it is about.
 */
export function reasonOf(entry: StatementEntry, { fullIds = false } = {}): string {
  const order = entry.orderId === null ? '' : fullIds ? entry.orderId : shortId(entry.orderId);
  const name = entry.customerName;
  switch (entry.kind) {
    case 'reward':
      return name ? reasons.rewardFor(name) : reasons.reward(order);
    case 'clawback':
      return name ? reasons.clawbackFor(name) : reasons.clawback(order);
    case 'commission_pending':
      return reasons.commission_pending(order, formatRupees(entry.pending));
    case 'commission_earned':
      return reasons.commission_earned(order);
    case 'commission_cancelled':
      return reasons.commission_cancelled(order);
    case 'commission_clawback':
      return reasons.commission_clawback(order);
    case 'payout_held':
      return reasons.payout_held;
    case 'payout_approved':
      return entry.amount > 0 ? reasons.payout_approved_netted : reasons.payout_approved;
    case 'payout_paid':
      return reasons.payout_paid(entry.txnId);
    case 'payout_returned':
      return entry.reason === null
        ? reasons.payout_returned
        : reasons.payout_returned_because(entry.reason);
    default: {
      const unknown: never = entry.kind;
      return unknown;
    }
  }
}

const CSV_HEADER = ['Date', 'Reason', 'Order', 'Amount (INR)', 'Balance (INR)'];

/** RFC 4180: quote every field, double the quotes; a leading =+-@ cannot start a formula. */
function csvField(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) && typeof value !== 'number' ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The statement as a spreadsheet opens it: full order ids, ISO times, whole rupees. */
export function statementCsv(entries: readonly StatementEntry[]): string {
  const rows = entries.map((entry) => [
    entry.at,
    reasonOf(entry, { fullIds: true }),
    entry.orderId ?? '',
    entry.amount,
    entry.balance,
  ]);
  return `${[CSV_HEADER, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Offers `text` as a file download (an object URL, revoked once the click has it). */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
