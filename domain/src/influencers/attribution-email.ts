/**
 * The one person behind an e-mail address, for referral attribution: one person earns one
 * first-review reward however many addresses they register, and an influencer's own mailbox
 * never earns them anything. Mail providers deliver `name+anything@` to `name@`, and Gmail also
 * ignores dots in the local part and treats googlemail.com as gmail.com, so those variants are
 * folded together here. Other providers' dots are significant, so they are kept.
 */
const GMAIL_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

export function attributionEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    domain = 'gmail.com';
    local = local.replaceAll('.', '');
  }
  return `${local}@${domain}`;
}
