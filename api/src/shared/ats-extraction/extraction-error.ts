import { ATS_MESSAGES } from '@shortlist/domain/contract';
import { HttpError } from '../http-error';

/** A file that passed the type check but cannot be read: the visitor's to fix, never a 5xx. */
export function unreadable(reason: 'corrupt' | 'encrypted'): HttpError {
  return new HttpError(422, ATS_MESSAGES[reason]);
}
