import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@shortlist/projections';
import type { Kysely } from 'kysely';

/**
 * The one-time link that lets the person who ran `npm start` create the first admin when there
 * is none (and no ADMIN_EMAIL): a random token, kept only as its hash in this process, valid
 * until it is used once or the process ends. Only the process that printed it knows it, and its
 * route answers only loopback callers (first-admin.route.ts), so reading the console of this
 * machine is what it takes to become admin, as with ADMIN_EMAIL.
 */
export interface FirstAdminSetup {
  /** A fresh token when no admin account exists, else null (the link is not needed). */
  openIfNoAdmin(): Promise<string | null>;
  /** Whether `token` is the open one; it stays open until `consume`. */
  matches(token: string): boolean;
  /** Closes the link for good. */
  consume(): void;
}

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest();

export function createFirstAdminSetup(db: Kysely<Database>): FirstAdminSetup {
  let open: Buffer | null = null;
  return {
    async openIfNoAdmin() {
      if (await adminExists(db)) return null;
      const token = randomBytes(32).toString('base64url');
      open = digest(token);
      return token;
    },
    matches(token) {
      // Both sides are SHA-256 digests, so the comparison is constant-time on equal lengths.
      return open !== null && timingSafeEqual(open, digest(token));
    },
    consume() {
      open = null;
    },
  };
}

export async function adminExists(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('erased_at', 'is', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
