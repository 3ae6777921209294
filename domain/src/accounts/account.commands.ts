import type { Command } from '../core/decider';
import type { PasswordChanged, PasswordResetRequested, UserRegistered } from './account.events';

/** The account's commands (stream `user-{userId}`) and the refusals `decide` answers them with. */

export const ACCOUNT_MESSAGES = {
  alreadyRegistered: 'Email already registered. Please log in.',
  notFound: 'Account not found.',
  erased: 'This account was deleted.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new link.',
} as const;

export type RegisterUser = Command<'RegisterUser', UserRegistered['data']>;
export type RequestPasswordReset = Command<
  'RequestPasswordReset',
  Omit<PasswordResetRequested['data'], 'userId'>
>;
export type ResetPassword = Command<'ResetPassword', { tokenHash: string; passwordHash: string }>;
export type SetPassword = Command<'SetPassword', Pick<PasswordChanged['data'], 'passwordHash'>>;
export type EraseUser = Command<'EraseUser', Record<string, never>>;

export type AccountCommand =
  | RegisterUser
  | RequestPasswordReset
  | ResetPassword
  | SetPassword
  | EraseUser;
