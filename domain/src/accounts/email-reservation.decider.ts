import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { ACCOUNT_MESSAGES } from './account.commands';
import type { EmailReservationCommand } from './email-reservation.commands';
import type { EmailReservationEvent } from './email-reservation.events';
import { emailReservationEvents } from './email-reservation.events';

export type EmailReservationState = { reservedBy: string | null };

/**
 * One account holds an e-mail at a time. The first reservation wins; it changes hands only by a
 * take-over, and only from an account that never became usable: a registration nobody can sign
 * in to, reset or find must not keep its e-mail from registering for ever. A usable account
 * (whatever else happened to it) keeps its e-mail: the answer stays "already registered".
 */
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
    case 'TakeOverEmail': {
      const { userId, holder, holderAccount } = command.data;
      // A retried take-over: done already.
      if (state.reservedBy === userId) return [];
      if (state.reservedBy === null) return [{ type: 'EmailReserved', data: { userId } }];
      // Another registration took it over meanwhile, or the holder is an account in use.
      if (state.reservedBy !== holder || holderAccount === 'usable') {
        throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
      }
      return [{ type: 'EmailReservationTakenOver', data: { userId, previousUserId: holder } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: EmailReservationState, event: EmailReservationEvent): EmailReservationState {
  switch (event.type) {
    case 'EmailReserved':
      // The first reservation wins; the store never lets a second one be appended.
      return state.reservedBy === null ? { reservedBy: event.data.userId } : state;
    case 'EmailReservationTakenOver':
      return { reservedBy: event.data.userId };
    default:
      return assertNever(event);
  }
}

export const emailReservationDecider: Decider<
  EmailReservationState,
  EmailReservationCommand,
  EmailReservationEvent
> = {
  decide,
  evolve,
  catalogue: emailReservationEvents,
  initialState: () => ({ reservedBy: null }),
};
