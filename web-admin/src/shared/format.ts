/** Dates and money as the staff tables show them (UI.md: tabular, with the currency). */
const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}

/** Money formatters by currency code (building one costs far more than formatting with it). */
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** An amount in whole units of its currency: ₹1,250 or US$14. */
export function formatMoney(amount: number, currency = 'INR'): string {
  const code = currency.toUpperCase();
  try {
    let format = moneyFormats.get(code);
    if (format === undefined) {
      format = new Intl.NumberFormat('en-IN', {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 0,
        maximumFractionDigits: 2,
      });
      moneyFormats.set(code, format);
    }
    return format.format(amount);
  } catch {
    return `${amount} ${code}`;
  }
}

/** The start of a long id, enough to tell rows apart. */
export function shortId(id: string): string {
  return id.length > 8 ? id.slice(0, 8) : id;
}
