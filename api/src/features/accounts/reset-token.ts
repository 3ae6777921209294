import { createHash, randomBytes } from 'node:crypto';

/**
 * A reset link's token is `{userId}.{32 random bytes, base64url}`. The user id tells the server
 * which account stream to load (no lookup table to keep); the random part is the secret. Only
 * the SHA-256 of the whole token is stored (PasswordResetRequested.tokenHash), so the event
 * store never holds a usable link.
 */
export interface ResetToken {
  token: string;
  tokenHash: string;
}

const TOKEN_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export function createResetToken(userId: string): ResetToken {
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashResetToken(token) };
}

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The account and the hash a token stands for; null when it cannot be one of ours. */
export function parseResetToken(token: string): { userId: string; tokenHash: string } | null {
  const match = TOKEN_PATTERN.exec(token);
  const userId = match?.[1];
  if (userId === undefined) return null;
  return { userId, tokenHash: hashResetToken(token) };
}
