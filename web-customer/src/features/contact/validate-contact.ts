import { flowMessages } from '../../shared/flow-messages';

const copy = flowMessages.contact;

export interface ContactValues {
  pid: string;
  email: string;
  message: string;
}

export type ContactErrors = Partial<Record<'email' | 'message', string>>;

// Deliberately loose: one @ with something on both sides and a dot after it. The server and
// the reply itself are the real check; this only catches obvious slips.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** SPEC §5: email and message are required. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = copy.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) errors.email = copy.emailInvalid;
  if (!values.message.trim()) errors.message = copy.messageRequired;
  return errors;
}
