import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../auth/passwords';
import { createResetToken, hashResetToken, parseResetToken } from './reset-token';

describe('reset tokens', () => {
  it('carry the account id and 32 random bytes, and are stored only as a hash', () => {
    const userId = randomUUID();
    const { token, tokenHash } = createResetToken(userId);
    const [id, secret] = token.split('.');
    expect(id).toBe(userId);
    expect(Buffer.from(secret ?? '', 'base64url')).toHaveLength(32);
    expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash).not.toContain(secret);
    expect(parseResetToken(token)).toEqual({ userId, tokenHash });
  });

  it('differ every time', () => {
    const userId = randomUUID();
    expect(createResetToken(userId).token).not.toBe(createResetToken(userId).token);
  });

  it.each([
    '',
    'garbage',
    `${randomUUID()}.short`,
    `${randomUUID()}.${'A'.repeat(43)}.extra`,
    `../../x.${'A'.repeat(43)}`,
  ])('rejects %j', (token) => {
    expect(parseResetToken(token)).toBeNull();
  });

  it('hashes the whole token, so the same secret under another id is another hash', () => {
    const secret = 'A'.repeat(43);
    expect(hashResetToken(`${randomUUID()}.${secret}`)).not.toBe(
      hashResetToken(`${randomUUID()}.${secret}`),
    );
  });
});

describe('passwords', () => {
  it('are hashed with argon2id and verified', async () => {
    const stored = await hashPassword('correct horse 1');
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored, 'correct horse 1')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse 2')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse 1')).toBe(false);
    expect(await verifyAgainstNothing('correct horse 1')).toBe(false);
  });
});
