import { BULK_TRANSFER_COLUMNS } from '@shortlist/domain/contract';
import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';

/**
 * The bulk-transfer file for approved payouts: a CSV in the NEFT/IMPS bulk-upload layout of
 * Indian banks' corporate portals (payment mode, beneficiary name, account number, IFSC, amount,
 * narration), one row per payout. UPI payouts go in the same file with mode UPI and the UPI id
 * in the account column, as banks that pay to VPAs in bulk take them. Amounts are whole rupees
 * with two decimals. The payout id is the reference that comes back on the bank's report, so each
 * payout can be marked paid with its transfer reference (UTR).
 */

export interface ApprovedPayoutRow {
  id: string;
  amount: number;
  method: 'bank' | 'upi';
  payee_name: string | null;
  mobile: string | null;
  account_number: string | null;
  ifsc: string | null;
  upi_id: string | null;
}

/** Oldest request first, so the file reads in the order the requests came. */
export function approvedPayouts(db: Kysely<Database>): Promise<ApprovedPayoutRow[]> {
  return db
    .selectFrom('payouts')
    .select(['id', 'amount', 'method', 'payee_name', 'mobile', 'account_number', 'ifsc', 'upi_id'])
    .where('status', '=', 'approved')
    .orderBy('requested_at')
    .orderBy('id')
    .limit(5_000)
    .execute();
}

export function bulkTransferCsv(rows: readonly ApprovedPayoutRow[]): string {
  const lines = [BULK_TRANSFER_COLUMNS.map(csvCell).join(',')];
  for (const row of rows) {
    const bank = row.method === 'bank';
    lines.push(
      [
        bank ? 'NEFT' : 'UPI',
        row.payee_name ?? '',
        (bank ? row.account_number : row.upi_id) ?? '',
        bank ? (row.ifsc ?? '') : '',
        row.amount.toFixed(2),
        'Shortlist partner payout',
        row.mobile ?? '',
        row.id,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  // CRLF: what bank portals' CSV readers expect.
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * RFC 4180 quoting, and a leading quote on text a spreadsheet would run as a formula (a payee
 * name typed as `=HYPERLINK(…)` must stay text when the file is opened to check it).
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
