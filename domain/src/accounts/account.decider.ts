import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { ACCOUNT_MESSAGES, type AccountCommand } from './account.commands';
import type { AccountEvent } from './account.events';
import { accountEvents } from './account.events';

export type AccountState =
  | { kind: 'none' }
  | {
      kind: 'registered';
      userId: string;
      erased: boolean;
      /** Only the newest link works, and only once. */
      pendingReset: { tokenHash: string; expiresAt: string } | null;
    };

type Registered = Extract<AccountState, { kind: 'registered' }>;

function registered(state: AccountState): Registered {
  if (state.kind === 'none') throw new DomainError('not_found', ACCOUNT_MESSAGES.notFound);
  if (state.erased) throw new DomainError('gone', ACCOUNT_MESSAGES.erased);
  return state;
}

function decide(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      if (state.kind !== 'none') {
        throw new DomainError('conflict', ACCOUNT_MESSAGES.alreadyRegistered);
      }
      return [{ type: 'UserRegistered', data: { ...command.data } }];
    case 'RequestPasswordReset': {
      const account = registered(state);
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            userId: account.userId,
            tokenHash: command.data.tokenHash,
            expiresAt: command.data.expiresAt,
          },
        },
      ];
    }
    case 'ResetPassword': {
      const account = registered(state);
      const pending = account.pendingReset;
      const usable =
        pending !== null &&
        pending.tokenHash === command.data.tokenHash &&
        command.metadata.now < pending.expiresAt;
      if (!usable) throw new DomainError('invalid', ACCOUNT_MESSAGES.resetLinkInvalid);
      return [
        {
          type: 'PasswordChanged',
          data: {
            userId: account.userId,
            passwordHash: command.data.passwordHash,
            reason: 'reset',
          },
        },
      ];
    }
    case 'SetPassword': {
      const account = registered(state);
      return [
        {
          type: 'PasswordChanged',
          data: {
            userId: account.userId,
            passwordHash: command.data.passwordHash,
            reason: 'admin',
          },
        },
      ];
    }
    case 'EraseUser': {
      if (state.kind === 'none') throw new DomainError('not_found', ACCOUNT_MESSAGES.notFound);
      if (state.erased) return [];
      return [{ type: 'UserErased', data: { userId: state.userId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'UserRegistered':
      return { kind: 'registered', userId: event.data.userId, erased: false, pendingReset: null };
    case 'PasswordResetRequested':
      if (state.kind === 'none') return state;
      return {
        ...state,
        pendingReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'PasswordChanged':
      // Any password change spends the outstanding link: a reset link is single-use.
      return state.kind === 'none' ? state : { ...state, pendingReset: null };
    case 'UserErased':
      return state.kind === 'none' ? state : { ...state, erased: true, pendingReset: null };
    default:
      return assertNever(event);
  }
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  decide,
  evolve,
  catalogue: accountEvents,
  initialState: () => ({ kind: 'none' }),
};
