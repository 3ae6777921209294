/** What the influencer and admin-influencer routes say, worded as SPEC.md §5 and §8 word them. */
export const INFLUENCER_MESSAGES = {
  invalidLogin: 'Invalid login',
  enterEmailAndPassword: 'Please enter email and password',
  passwordTooShort: 'Password must be at least 8 characters.',
  adminPasswordTooShort: 'Minimum 8 characters.',
  enterPassword: 'Please enter a password.',
  fillAllFields: 'Fill all fields',
  invalidEmail: 'Please enter a valid email address.',
  enterIssue: 'Enter your issue',
  enterReply: 'Please write a reply.',
  payeeDetailsRequired: 'Please fill all payment details.',
  mobileInvalid: 'Enter a 10-digit mobile number.',
  payoutRequested: 'Payout request sent!',
  payoutUpdated: 'Payout updated',
  created: 'Influencer created',
  passwordUpdated: 'Password updated',
  deleted: 'Deleted',
  replySent: 'Reply sent.',
  querySent: 'Your issue was sent.',
  notFound: 'Influencer not found.',
  queryNotFound: 'Query not found.',
  payoutNotFound: 'Payout not found.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** Shortest password accepted (SPEC §5 influencer login, §9). */
export const MIN_PASSWORD_LENGTH = 8;
/** argon2 takes any length, but hashing megabytes is a cheap way to burn CPU. */
export const MAX_PASSWORD_LENGTH = 256;
