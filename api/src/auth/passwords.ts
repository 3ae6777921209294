import { hash, verify } from '@node-rs/argon2';

/**
 * Passwords are stored as argon2id (the library's default algorithm) with its default cost
 * (19 MiB, 2 passes): about 20-50 ms per hash here, the OWASP minimum for argon2id.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, not a server error.
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one real verification and answers false. Every login (customer, admin,
 * influencer) calls it when no account has the e-mail, so the answer takes as long as for a
 * wrong password and the timing does not tell which e-mails have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('no account has this password: only its cost matters');
  await verifyPassword(await dummyHash, password);
  return false;
}
