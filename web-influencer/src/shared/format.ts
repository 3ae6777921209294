import { isServiceId, serviceInfo } from '@shortlist/domain';

const RUPEES = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Whole rupees, Indian grouping: ₹2,500; a negative amount reads −₹50. */
export function formatRupees(amount: number): string {
  return RUPEES.format(amount);
}

/** A signed amount for a ledger line: +₹50, −₹50, ₹0. */
export function formatSignedRupees(amount: number): string {
  if (amount > 0) return `+${RUPEES.format(amount)}`;
  if (amount < 0) return `−${RUPEES.format(-amount)}`;
  return RUPEES.format(0);
}

const DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : DATE.format(time);
}

export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : DATE_TIME.format(time);
}

/** The first 8 characters of a UUID, as the customer app shows order ids. */
export function shortId(id: string): string {
  return id.length > 10 ? id.slice(0, 8) : id;
}

/**
 * A referred user's e-mail as the influencer may see it: enough to recognise, not to contact
 * (as***@example.com). Null (an erased user) stays unknown.
 */
export function maskEmail(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${email.slice(at)}`;
}

/** The plan name of a service id (SPEC §9), or the raw id for one this app does not know. */
export function serviceLabel(service: string): string {
  return isServiceId(service) ? serviceInfo(service).title : service;
}

/** YYYY-MM-DD of a day in the browser's own time zone (what a date input holds). */
export function localDateValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first moment after the local day `value` (YYYY-MM-DD), as ISO: "as of the end of that day". */
export function endOfLocalDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const next = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + 1);
  return Number.isNaN(next.getTime()) ? null : next.toISOString();
}
