import { createHash } from 'node:crypto';
import type { CommandMetadata } from '@shortlist/domain';
import {
  ACCOUNT_MESSAGES,
  accountDecider,
  DomainError,
  decodeEvent,
  EMAIL_RESERVATION_STREAM_PREFIX,
  emailReservationDecider,
  emailReservationEvents,
  type ReferralAttribution,
  type Role,
  userStreamName,
} from '@shortlist/domain';
import type { EventStore, Position } from '@shortlist/eventstore';
import { handleCommand } from '../../commands/handle-command';
import type { KeyVault } from '../../personal-data/key-vault';

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
  /**
   * How to tell whether the account holding the e-mail ever became usable, and close it when
   * not (see `takeOverFromUnusableAccount`). Without it an e-mail held by a registered account
   * is always "already registered".
   */
  recovery?: RegistrationRecovery;
}

export interface RegistrationRecovery {
  /**
   * Whether the users read model (login, reset links, the admin's lists) holds the account
   * registered at `position`, once it has caught up with it. True when that cannot be known
   * in time: doubt never takes an e-mail away.
   */
  reachedReadModel(userId: string, position: Position): Promise<boolean>;
  /** To shred the personal data of the account that is closed. */
  vault: KeyVault;
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
 * lets one through. An e-mail held by an account that registered but never became usable is
 * taken over (takeOverFromUnusableAccount). Throws DomainError('conflict', 'Email already
 * registered. Please log in.').
 */
export async function registerAccount(input: RegisterAccountInput): Promise<RegisteredAccount> {
  const email = normaliseEmail(input.email);
  const userId = await reserveEmail(input, email);
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

/**
 * The id the account must be registered under: ours (a free e-mail, or one taken over from an
 * account that never became usable), or the held one of an unfinished registration.
 */
async function reserveEmail(input: RegisterAccountInput, email: string): Promise<string> {
  const { store, userId, metadata } = input;
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
  const registration = account.events[0];
  if (registration === undefined) return holder;
  if (input.recovery === undefined) {
    throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
  }
  await takeOverFromUnusableAccount(input, input.recovery, {
    streamName,
    holder,
    position: registration.position,
  });
  return userId;
}

/**
 * An e-mail held by an account that registered but never became usable: older versions stored
 * registrations whose text the read side could not write (an unpaired surrogate in the name),
 * so the users projection set them aside. Nobody could sign in to such an account, get a reset
 * link for it or find it, and every new registration of the e-mail was "already registered",
 * for ever. The rule (emailReservationDecider) lets a new registration take the e-mail over
 * from exactly such an account, judged by the read model once it has caught up with the
 * registration (so an account registered a moment ago, still on its way, is never taken):
 *
 * 1. the old account is closed (UserErased) and its key shredded, so that a later retry or
 *    rebuild of its registration can never bring back a second account with this e-mail;
 * 2. the reservation moves to the new account (TakeOverEmail, at the version read: two
 *    take-overs race there and one wins, the other is "already registered").
 *
 * A crash between the steps leaves a closed old account (the next registration takes over
 * again) or a reservation with no account (completed under the new id, as above).
 */
async function takeOverFromUnusableAccount(
  input: RegisterAccountInput,
  recovery: RegistrationRecovery,
  held: { streamName: string; holder: string; position: Position },
): Promise<void> {
  const { store, userId, metadata } = input;
  const usable = await recovery.reachedReadModel(held.holder, held.position);
  if (usable) throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
  const closing = { ...metadata, actor: `user:${userId}`, causationId: metadata.correlationId };
  await handleCommand({
    store,
    streamName: userStreamName(held.holder),
    decider: accountDecider,
    command: { type: 'EraseUser', data: {}, metadata: closing },
  });
  await recovery.vault.erase(userStreamName(held.holder), metadata.now);
  await handleCommand({
    store,
    streamName: held.streamName,
    decider: emailReservationDecider,
    command: {
      type: 'TakeOverEmail',
      data: { userId, holder: held.holder, holderAccount: 'never-usable' },
      metadata,
    },
  });
}

/** Who holds an e-mail's reservation (the account id), or null when it is free. */
export async function reservationHolder(store: EventStore, email: string): Promise<string | null> {
  const { events } = await store.readStream(emailReservationStreamName(email));
  let state = emailReservationDecider.initialState();
  for (const event of events) {
    const decoded = decodeEvent([emailReservationEvents], event);
    if (decoded.kind === 'decoded') state = emailReservationDecider.evolve(state, decoded.event);
  }
  return state.reservedBy;
}
