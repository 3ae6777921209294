import { describe, expect, it } from 'vitest';
import { type ApprovedPayoutRow, bulkTransferCsv } from './bulk-transfer';

const bank: ApprovedPayoutRow = {
  id: 'payout-1',
  amount: 2580,
  method: 'bank',
  payee_name: 'Riya Sen',
  mobile: '9876543210',
  account_number: '123456789012',
  ifsc: 'SBIN0001234',
  upi_id: '',
};
const upi: ApprovedPayoutRow = {
  ...bank,
  id: 'payout-2',
  amount: 150.5,
  method: 'upi',
  payee_name: '=cmd',
  account_number: '',
  ifsc: '',
  upi_id: 'riya@okaxis',
};

/** Each row as {heading: cell}, the way RazorpayX reads the file by its headings. */
function records(csv: string): Record<string, string>[] {
  const [header = '', ...rows] = csv.trimEnd().split('\r\n');
  const headings = header.split(',');
  return rows.map((row) =>
    Object.fromEntries(row.split(',').map((cell, index) => [headings[index], cell])),
  );
}

describe('bulk transfer file (RazorpayX Bulk Payouts, amounts in rupees)', () => {
  it("has the template's headings in its order, CRLF lines", () => {
    const csv = bulkTransferCsv([], '7878780080316316');
    expect(csv).toBe(
      'RazorpayX Account Number,Payout Amount (in Rupees),Payout Currency,Payout Mode,' +
        'Payout Purpose,Fund Account Id,Fund Account Type,Fund Account Name,Fund Account Ifsc,' +
        'Fund Account Number,Fund Account Vpa,Fund Account Phone Number,Contact Name,' +
        'Payout Narration,Payout Reference Id,Fund Account Email,Contact Type,Contact Email,' +
        'Contact Mobile,Contact Reference Id\r\n',
    );
  });

  it('writes a bank account as a bank_account paid by NEFT, a UPI id as a vpa paid by UPI', () => {
    const [bankRow, upiRow] = records(bulkTransferCsv([bank, upi], '7878780080316316'));
    expect(bankRow).toEqual({
      'RazorpayX Account Number': '7878780080316316',
      'Payout Amount (in Rupees)': '2580.00',
      'Payout Currency': 'INR',
      'Payout Mode': 'NEFT',
      'Payout Purpose': 'payout',
      'Fund Account Id': '',
      'Fund Account Type': 'bank_account',
      'Fund Account Name': 'Riya Sen',
      'Fund Account Ifsc': 'SBIN0001234',
      'Fund Account Number': '123456789012',
      'Fund Account Vpa': '',
      'Fund Account Phone Number': '',
      'Contact Name': 'Riya Sen',
      'Payout Narration': 'Shortlist partner payout',
      'Payout Reference Id': 'payout-1',
      'Fund Account Email': '',
      'Contact Type': 'vendor',
      'Contact Email': '',
      'Contact Mobile': '9876543210',
      'Contact Reference Id': '',
    });
    expect(upiRow).toMatchObject({
      'Payout Amount (in Rupees)': '150.50',
      'Payout Mode': 'UPI',
      'Fund Account Type': 'vpa',
      'Fund Account Name': '',
      'Fund Account Ifsc': '',
      'Fund Account Number': '',
      'Fund Account Vpa': 'riya@okaxis',
      // A name a spreadsheet would run as a formula stays text.
      'Contact Name': "'=cmd",
      'Payout Reference Id': 'payout-2',
    });
  });

  it('leaves the debit account for the admin when none is configured', () => {
    const [row] = records(bulkTransferCsv([bank], null));
    expect(row?.['RazorpayX Account Number']).toBe('');
  });
});
