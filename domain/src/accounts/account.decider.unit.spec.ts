import { describe, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import {
  ACCOUNT_MESSAGES,
  type AccountCommand,
  type AccountEvent,
  accountDecider,
  type RegisterUser,
} from './index';

const at = (now: string): CommandMetadata => ({
  actor: 'user:u1',
  correlationId: 'c1',
  causationId: null,
  now,
});
const cmd = <C extends AccountCommand>(
  type: C['type'],
  data: C['data'],
  now = '2026-11-22T10:00:00.000Z',
) => ({ type, data, metadata: at(now) }) as C;

const registration: RegisterUser['data'] = {
  userId: 'u1',
  email: 'asha@example.com',
  name: 'Asha',
  passwordHash: 'h1',
  role: 'user',
  referral: { influencerId: 'i1', referralCode: 'ASHA50', campaign: null },
};
const registered: AccountEvent = { type: 'UserRegistered', data: registration };
const resetRequested: AccountEvent = {
  type: 'PasswordResetRequested',
  data: { userId: 'u1', tokenHash: 'tok', expiresAt: '2026-11-22T11:00:00.000Z' },
};
const spec = DeciderSpecification.for(accountDecider);

describe('Account decider', () => {
  it('registers once, with the referral attribution', () => {
    spec.given([]).when(cmd('RegisterUser', registration)).then([registered]);
    spec
      .given([registered])
      .when(cmd('RegisterUser', registration))
      .thenThrows('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
  });

  it('resets the password with the newest link before it expires, once', () => {
    const reset = cmd('ResetPassword', { tokenHash: 'tok', passwordHash: 'h2' });
    const changed: AccountEvent = {
      type: 'PasswordChanged',
      data: { userId: 'u1', passwordHash: 'h2', reason: 'reset' },
    };
    spec.given([registered, resetRequested]).when(reset).then([changed]);
    spec
      .given([registered, resetRequested, changed])
      .when(reset)
      .thenThrows('invalid', ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it('refuses an expired, unknown or superseded link', () => {
    spec
      .given([registered, resetRequested])
      .when(
        cmd('ResetPassword', { tokenHash: 'tok', passwordHash: 'h2' }, '2026-11-22T11:00:00.000Z'),
      )
      .thenThrows('invalid', ACCOUNT_MESSAGES.resetLinkInvalid);
    spec
      .given([registered, resetRequested])
      .when(cmd('ResetPassword', { tokenHash: 'other', passwordHash: 'h2' }))
      .thenThrows('invalid', ACCOUNT_MESSAGES.resetLinkInvalid);
    const newer: AccountEvent = {
      type: 'PasswordResetRequested',
      data: { userId: 'u1', tokenHash: 'tok2', expiresAt: '2026-11-22T11:30:00.000Z' },
    };
    spec
      .given([registered, resetRequested, newer])
      .when(cmd('ResetPassword', { tokenHash: 'tok', passwordHash: 'h2' }))
      .thenThrows('invalid', ACCOUNT_MESSAGES.resetLinkInvalid);
  });

  it('takes no command after erasure but erasing twice is harmless', () => {
    const erased: AccountEvent = { type: 'UserErased', data: { userId: 'u1' } };
    spec.given([registered]).when(cmd('EraseUser', {})).then([erased]);
    spec.given([registered, erased]).when(cmd('EraseUser', {})).then([]);
    spec
      .given([registered, erased])
      .when(cmd('RequestPasswordReset', { tokenHash: 't', expiresAt: '2027-01-01T00:00:00.000Z' }))
      .thenThrows('gone', ACCOUNT_MESSAGES.erased);
  });
});
