import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an unsubscribe link: `{userId}.{HMAC-SHA256}`. It names the account and
 * proves the link came from us, so one click works without signing in, and nobody can
 * unsubscribe someone else by changing the id. It never expires: a link in a months-old mail
 * must still work (RFC 8058). The key is derived from JWT_SECRET for this one purpose.
 */
const PURPOSE = 'shortlist:mail-unsubscribe:reminders';

export function unsubscribeToken(secret: string, userId: string): string {
  return `${userId}.${mac(secret, userId).toString('base64url')}`;
}

/** The account the token names, or null for a token we did not sign. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1), 'base64url');
  const expected = mac(secret, userId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return userId;
}

function mac(secret: string, userId: string): Buffer {
  const key = createHmac('sha256', secret).update(PURPOSE).digest();
  return createHmac('sha256', key).update(userId).digest();
}
