import type { Currency } from '@shortlist/domain';
import { formatPrice } from '@shortlist/domain';

export interface ReceiptDetails {
  orderId: string;
  planName: string;
  amount: number;
  currency: Currency;
  paidAt: Date;
  brand: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A one-page, self-contained receipt the browser can print (no scripts, no outside assets). */
export function receiptHtml(details: ReceiptDetails): string {
  const rows: [string, string][] = [
    ['Order ID', details.orderId],
    ['Plan', details.planName],
    ['Amount', formatPrice(details.amount, details.currency)],
    ['Currency', details.currency],
    ['Paid', `${details.paidAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`],
  ];
  const body = rows
    .map(([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Receipt ${escapeHtml(details.orderId)}</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 2rem auto; color: #111; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #ddd; }
    th { width: 9rem; }
  </style>
</head>
<body>
  <h1>${escapeHtml(details.brand)} — Receipt</h1>
  <table>
      ${body}
  </table>
  <p>Status: paid. Refunds are possible only while an order is pending (5-7 business days).</p>
</body>
</html>
`;
}
