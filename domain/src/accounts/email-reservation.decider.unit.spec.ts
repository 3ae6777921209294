import { describe, it } from 'vitest';
import { DeciderSpecification } from '../core/decider-spec';
import {
  ACCOUNT_MESSAGES,
  type EmailReservationEvent,
  emailReservationDecider,
  type ReserveEmail,
} from './index';

const reserve = (userId: string): ReserveEmail => ({
  type: 'ReserveEmail',
  data: { userId },
  metadata: {
    actor: `user:${userId}`,
    correlationId: 'c1',
    causationId: null,
    now: '2026-11-22T10:00:00.000Z',
  },
});
const reservedBy = (userId: string): EmailReservationEvent => ({
  type: 'EmailReserved',
  data: { userId },
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
});
