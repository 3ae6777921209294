import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../core/decider-spec';
import {
  ACCOUNT_MESSAGES,
  type EmailReservationCommand,
  type EmailReservationEvent,
  emailReservationDecider,
  type ReservationHolderAccount,
  type ReserveEmail,
  type TakeOverEmail,
} from './index';

const metadata = {
  actor: 'anonymous',
  correlationId: 'c1',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};
const reserve = (userId: string): ReserveEmail => ({
  type: 'ReserveEmail',
  data: { userId },
  metadata,
});
const takeOver = (
  userId: string,
  holder: string,
  holderAccount: ReservationHolderAccount,
): TakeOverEmail => ({ type: 'TakeOverEmail', data: { userId, holder, holderAccount }, metadata });
const reservedBy = (userId: string): EmailReservationEvent => ({
  type: 'EmailReserved',
  data: { userId },
});
const takenOver = (userId: string, previousUserId: string): EmailReservationEvent => ({
  type: 'EmailReservationTakenOver',
  data: { userId, previousUserId },
});
const spec = DeciderSpecification.for(emailReservationDecider);

describe('E-mail reservation decider', () => {
  it('reserves a free e-mail for the account', () => {
    spec
      .given([])
      .when(reserve('u1'))
      .then([reservedBy('u1')]);
  });

  it('is idempotent for the account that holds it', () => {
    spec
      .given([reservedBy('u1')])
      .when(reserve('u1'))
      .then([]);
  });

  it('refuses another account', () => {
    spec
      .given([reservedBy('u1')])
      .when(reserve('u2'))
      .thenThrows('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
  });

  describe('taking over', () => {
    it('takes the e-mail over from an account that never became usable', () => {
      spec
        .given([reservedBy('u1')])
        .when(takeOver('u2', 'u1', 'never-usable'))
        .then([takenOver('u2', 'u1')]);
    });

    it('never from a usable account', () => {
      spec
        .given([reservedBy('u1')])
        .when(takeOver('u2', 'u1', 'usable'))
        .thenThrows('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
    });

    it('only from the account that holds it now: a second take-over of the same holder loses', () => {
      spec
        .given([reservedBy('u1'), takenOver('u2', 'u1')])
        .when(takeOver('u3', 'u1', 'never-usable'))
        .thenThrows('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
    });

    it('is idempotent for the account that took it over', () => {
      spec
        .given([reservedBy('u1'), takenOver('u2', 'u1')])
        .when(takeOver('u2', 'u1', 'never-usable'))
        .then([]);
    });

    it('the new holder keeps it: a plain reservation by anyone else is refused', () => {
      spec
        .given([reservedBy('u1'), takenOver('u2', 'u1')])
        .when(reserve('u1'))
        .thenThrows('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
    });
  });

  it('property: the holder changes only by a take-over from an account that never became usable', () => {
    const user = fc.constantFrom('u1', 'u2', 'u3', 'u4');
    const command: fc.Arbitrary<EmailReservationCommand> = fc.oneof(
      user.map(reserve),
      fc
        .tuple(user, user, fc.constantFrom<ReservationHolderAccount>('usable', 'never-usable'))
        .map(([userId, holder, account]) => takeOver(userId, holder, account)),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 12 }), (commands) => {
        let state = emailReservationDecider.initialState();
        for (const next of commands) {
          const before = state.reservedBy;
          let events: EmailReservationEvent[] = [];
          try {
            events = emailReservationDecider.decide(next, state);
          } catch {
            events = [];
          }
          for (const event of events) state = emailReservationDecider.evolve(state, event);
          if (before !== null && state.reservedBy !== before) {
            // Only a take-over from the current holder, judged never usable, moves it.
            expect(next).toMatchObject({
              type: 'TakeOverEmail',
              data: { holder: before, holderAccount: 'never-usable' },
            });
          }
          if (before === null && commands.length > 0) {
            // A free e-mail goes to whoever asks first.
            expect(state.reservedBy).toBe(next.data.userId);
          }
        }
      }),
    );
  });
});
