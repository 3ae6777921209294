import { BULK_TRANSFER_COLUMNS } from '@shortlist/domain/contract';
import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';

/**
 * The bulk-transfer file for approved payouts: RazorpayX's Bulk Payouts upload template, amounts
 * in rupees (https://razorpay.com/docs/x/bulk-payouts/), one row per payout. A bank account is a
 * `bank_account` fund account paid by NEFT; a UPI id a `vpa` fund account paid by UPI (modes are
 * upper case, as RazorpayX asks). The contact is created from the row (type `vendor`: an
 * influencer bills us), purpose `payout`, amounts with two decimals. The payout id is the
 * Payout Reference Id, which comes back on RazorpayX's bulk report with the UTR, so each payout
 * can be marked paid with its transfer reference.
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

/** RazorpayX takes at most 30 letters, digits and spaces as narration. */
const NARRATION = 'Shortlist partner payout';

/**
 * `debitAccount`: the RazorpayX account the money leaves (RAZORPAYX_ACCOUNT_NUMBER); empty when
 * not configured, for the admin to fill in before the upload.
 */
export function bulkTransferCsv(
  rows: readonly ApprovedPayoutRow[],
  debitAccount: string | null,
): string {
  const lines = [BULK_TRANSFER_COLUMNS.map(csvCell).join(',')];
  for (const row of rows) {
    const bank = row.method === 'bank';
    const name = row.payee_name ?? '';
    const cells: Record<(typeof BULK_TRANSFER_COLUMNS)[number], string> = {
      'RazorpayX Account Number': debitAccount ?? '',
      'Payout Amount (in Rupees)': row.amount.toFixed(2),
      'Payout Currency': 'INR',
      'Payout Mode': bank ? 'NEFT' : 'UPI',
      'Payout Purpose': 'payout',
      'Fund Account Id': '',
      'Fund Account Type': bank ? 'bank_account' : 'vpa',
      'Fund Account Name': bank ? name : '',
      'Fund Account Ifsc': bank ? (row.ifsc ?? '') : '',
      'Fund Account Number': bank ? (row.account_number ?? '') : '',
      'Fund Account Vpa': bank ? '' : (row.upi_id ?? ''),
      'Fund Account Phone Number': '',
      'Contact Name': name,
      'Payout Narration': NARRATION,
      'Payout Reference Id': row.id,
      'Fund Account Email': '',
      'Contact Type': 'vendor',
      'Contact Email': '',
      'Contact Mobile': row.mobile ?? '',
      'Contact Reference Id': '',
    };
    lines.push(BULK_TRANSFER_COLUMNS.map((column) => csvCell(cells[column])).join(','));
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
