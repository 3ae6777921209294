import { ACCOUNT_MESSAGES } from '../../index';

/** What the account routes say, worded as SPEC.md §5 and §8 word it. */
export const ACCOUNT_ROUTE_MESSAGES = {
  fillAllFields: 'Please fill all fields.',
  passwordsDoNotMatch: 'Passwords do not match.',
  passwordTooShort: 'Password must be at least 8 characters.',
  invalidEmail: 'Please enter a valid email address.',
  alreadyRegistered: ACCOUNT_MESSAGES.alreadyRegistered,
  registered: 'Registration successful. Welcome to Shortlist!',
  enterEmailAndPassword: 'Please enter email and password',
  loginFailed: 'Login failed. Please check your credentials.',
  loggedIn: 'Logged in',
  loggedOut: 'Logged out',
  enterEmail: 'Please enter your email.',
  resetLinkSent: 'If an account exists, a reset link has been sent.',
  resetLinkInvalid: ACCOUNT_MESSAGES.resetLinkInvalid,
  passwordUpdated: 'Password updated. You can now log in.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;
