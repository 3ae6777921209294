import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { ACCOUNT_MESSAGES } from './account.commands';
import type { EmailReservationCommand } from './email-reservation.commands';
import type { EmailReservationEvent } from './email-reservation.events';

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
