import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm and cost: 19 MiB, 2 passes). */
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
 * Spends one real verification and answers false, for a login whose e-mail has no influencer:
 * the answer takes as long as for a wrong password, so timing does not reveal who is enrolled.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('no influencer has this password: only its cost matters');
  await verifyPassword(await dummyHash, password);
  return false;
}
