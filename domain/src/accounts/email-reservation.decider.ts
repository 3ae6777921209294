import { assertNever, type Command, type Decider, type DomainEvent } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { ACCOUNT_MESSAGES } from './account.decider';

/**
 * Stream `email-{sha256(normalised e-mail)}` (ARCHITECTURE.md): the unique-e-mail invariant.
 * Neither store has a unique index over event data, so an e-mail is claimed by appending to a
 * stream named after it while that stream must not exist ("no stream"); both stores refuse the
 * second writer. The stream name carries only a hash and the event only the user id, so nothing
 * personal is written here.
 */

export type EmailReserved = DomainEvent<'EmailReserved', { userId: string }>;
export type EmailReservationEvent = EmailReserved;

export type ReserveEmail = Command<'ReserveEmail', { userId: string }>;
export type EmailReservationCommand = ReserveEmail;

export type EmailReservationState = { reservedBy: string | null };

function decide(
  command: EmailReservationCommand,
  state: EmailReservationState,
): EmailReservationEvent[] {
  switch (command.type) {
    case 'ReserveEmail':
      if (state.reservedBy === null) {
        return [{ type: 'EmailReserved', data: { userId: command.data.userId } }];
      }
      // The same account asking again (a retried registration, a second start creating the
      // first admin with its deterministic id) already holds it.
      if (state.reservedBy === command.data.userId) return [];
      throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
    default:
      return assertNever(command.type);
  }
}

function evolve(state: EmailReservationState, event: EmailReservationEvent): EmailReservationState {
  switch (event.type) {
    case 'EmailReserved':
      // The first reservation wins; the store never lets a second one be appended.
      return state.reservedBy === null ? { reservedBy: event.data.userId } : state;
    default:
      return assertNever(event.type);
  }
}

export const emailReservationDecider: Decider<
  EmailReservationState,
  EmailReservationCommand,
  EmailReservationEvent
> = {
  decide,
  evolve,
  initialState: () => ({ reservedBy: null }),
};

/** Prefix of the reservation streams; the api appends the hash (domain stays free of node:crypto). */
export const EMAIL_RESERVATION_STREAM_PREFIX = 'email-';
