import type { Command } from '../core/decider';
import type { ReferralAttribution, Role } from './account.events';

/** The account's commands (stream `user-{userId}`) and the refusals `decide` answers them with. */

export const ACCOUNT_MESSAGES = {
  alreadyRegistered: 'Email already registered. Please log in.',
  notFound: 'Account not found.',
  erased: 'This account was deleted.',
  resetLinkInvalid: 'This reset link is invalid or has expired. Please request a new link.',
} as const;

export type RegisterUser = Command<
  'RegisterUser',
  {
    userId: string;
    email: string;
    name: string;
    passwordHash: string;
    role: Role;
    referral: ReferralAttribution | null;
  }
>;
export type RequestPasswordReset = Command<
  'RequestPasswordReset',
  { tokenHash: string; expiresAt: string }
>;
export type ResetPassword = Command<'ResetPassword', { tokenHash: string; passwordHash: string }>;
export type SetPassword = Command<'SetPassword', { passwordHash: string }>;
export type EraseUser = Command<'EraseUser', Record<string, never>>;

export type AccountCommand =
  | RegisterUser
  | RequestPasswordReset
  | ResetPassword
  | SetPassword
  | EraseUser;
