import { createHash } from 'node:crypto';
import type { CommandMetadata } from '@shortlist/domain';
import {
  ACCOUNT_MESSAGES,
  accountDecider,
  DomainError,
  EMAIL_RESERVATION_STREAM_PREFIX,
  emailReservationDecider,
  type ReferralAttribution,
  type Role,
  userStreamName,
} from '@shortlist/domain';
import type { EventStore, Position } from '@shortlist/eventstore';
import { handleCommand } from '../../commands/handle-command';

/** Trimmed and lower-cased: the form in which e-mails are compared, stored and hashed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailReservationStreamName(email: string): string {
  const digest = createHash('sha256').update(normaliseEmail(email)).digest('hex');
  return `${EMAIL_RESERVATION_STREAM_PREFIX}${digest}`;
}

export interface RegisterAccountInput {
  store: EventStore;
  /** The id to give a new account (a random UUID; the first admin's is derived from its e-mail). */
  userId: string;
  email: string;
  name: string;
  passwordHash: string;
  role: Role;
  referral: ReferralAttribution | null;
  /** `actor` is filled in with the account id when left as 'anonymous'. */
  metadata: CommandMetadata;
}

export interface RegisteredAccount {
  userId: string;
  email: string;
  /** Position of UserRegistered, to wait for the read models. */
  position: Position | null;
}

/**
 * Registers an account with a unique e-mail, in two appends (a handler writes one stream):
 *
 * 1. ReserveEmail on `email-{sha256(email)}`, which must not exist yet. Two registrations of one
 *    e-mail race here and the store lets exactly one through, on either store adapter.
 * 2. RegisterUser on `user-{id}`.
 *
 * A crash between the two leaves a reservation whose account stream is empty. Such an e-mail
 * belongs to nobody, so a later registration completes it under the reserved id instead of
 * refusing forever. Two registrations that both find it race on step 2, where the store again
 * lets one through. Throws DomainError('conflict', 'Email already registered. Please log in.').
 */
export async function registerAccount(input: RegisterAccountInput): Promise<RegisteredAccount> {
  const email = normaliseEmail(input.email);
  const userId = await reserveEmail(input.store, email, input.userId, input.metadata);
  const metadata: CommandMetadata = {
    ...input.metadata,
    actor: input.metadata.actor === 'anonymous' ? `user:${userId}` : input.metadata.actor,
  };
  const { position } = await handleCommand({
    store: input.store,
    streamName: userStreamName(userId),
    decider: accountDecider,
    command: {
      type: 'RegisterUser',
      data: {
        userId,
        email,
        name: input.name,
        passwordHash: input.passwordHash,
        role: input.role,
        referral: input.referral,
      },
      metadata,
    },
  });
  return { userId, email, position };
}

/** The id the account must be registered under: ours, or the one of an unfinished registration. */
async function reserveEmail(
  store: EventStore,
  email: string,
  userId: string,
  metadata: CommandMetadata,
): Promise<string> {
  const streamName = emailReservationStreamName(email);
  try {
    await handleCommand({
      store,
      streamName,
      decider: emailReservationDecider,
      command: { type: 'ReserveEmail', data: { userId }, metadata },
    });
    return userId;
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'conflict') throw error;
  }
  const holder = await reservationHolder(store, email);
  if (holder === null) throw new Error(`Reservation ${streamName} refused but not found`);
  const account = await store.readStream(userStreamName(holder), { maxCount: 1 });
  if (account.events.length > 0) {
    throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
  }
  return holder;
}

/** Who holds an e-mail's reservation (the account id), or null when it is free. */
export async function reservationHolder(store: EventStore, email: string): Promise<string | null> {
  const { events } = await store.readStream(emailReservationStreamName(email));
  let state = emailReservationDecider.initialState();
  for (const event of events) {
    const userId = event.data.userId;
    if (event.type === 'EmailReserved' && typeof userId === 'string') {
      state = emailReservationDecider.evolve(state, { type: 'EmailReserved', data: { userId } });
    }
  }
  return state.reservedBy;
}
