import { randomUUID } from 'node:crypto';
import { DomainError, userStreamName } from '@shortlist/domain';
import type { EventStore, Position } from '@shortlist/eventstore';
import { hashPassword } from '../../auth/passwords';
import { commandMetadata } from '../../commands/command-metadata';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import { normaliseEmail, registerAccount, reservationHolder } from './register-account';

export type AdminAccountResult =
  | { outcome: 'created'; userId: string; email: string; position: Position | null }
  /** An account had the e-mail already; it was left as it is (its role may be 'user'). */
  | { outcome: 'exists'; userId: string; email: string; role: string };

export interface EnsureAdminInput {
  store: EventStore;
  email: string;
  password: string;
  /** Who asks, for the audit trail: 'system:first-admin', 'system:create-admin-cli'. */
  actor: string;
  now?: Date;
}

/**
 * Registers an admin account unless one already has the e-mail. Safe to run at every start and
 * from several processes at once: the id derives from the e-mail, so concurrent starts reserve
 * the e-mail for the same account and only one of them appends the registration.
 */
export async function ensureAdminAccount(input: EnsureAdminInput): Promise<AdminAccountResult> {
  const email = normaliseEmail(input.email);
  const existing = await existingAccount(input.store, email);
  if (existing !== null) return existing;
  try {
    const account = await registerAccount({
      store: input.store,
      userId: deterministicEventId('account:admin', email),
      email,
      name: 'Admin',
      passwordHash: await hashPassword(input.password),
      role: 'admin',
      referral: null,
      metadata: commandMetadata(input.actor, input.now ?? new Date(), randomUUID()),
    });
    return { outcome: 'created', ...account };
  } catch (error) {
    // Another process registered it in the meantime.
    if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
    const raced = await existingAccount(input.store, email);
    if (raced === null) throw error;
    return raced;
  }
}

async function existingAccount(
  store: EventStore,
  email: string,
): Promise<Extract<AdminAccountResult, { outcome: 'exists' }> | null> {
  const holder = await reservationHolder(store, email);
  if (holder === null) return null;
  const { events } = await store.readStream(userStreamName(holder), { maxCount: 1 });
  const registered = events[0];
  if (registered === undefined) return null;
  const role = registered.data.role;
  return {
    outcome: 'exists',
    userId: holder,
    email,
    role: typeof role === 'string' ? role : 'user',
  };
}
