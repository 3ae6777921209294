import { z } from 'zod';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * Stream `email-{sha256(normalised e-mail)}` (ARCHITECTURE.md): the unique-e-mail invariant.
 * Neither store has a unique index over event data, so an e-mail is claimed by appending to a
 * stream named after it while that stream must not exist ("no stream"); both stores refuse the
 * second writer. The stream name carries only a hash and the events only user ids, so nothing
 * personal is written here.
 */

export type EmailReserved = DomainEvent<'EmailReserved', { userId: string }>;
/**
 * A new registration took the e-mail over from an account that never became usable (the
 * decider says when); `previousUserId` is the account that held it.
 */
export type EmailReservationTakenOver = DomainEvent<
  'EmailReservationTakenOver',
  { userId: string; previousUserId: string }
>;
export type EmailReservationEvent = EmailReserved | EmailReservationTakenOver;

const userId = z.string().min(1);

export const emailReservationEvents = eventCatalogue<EmailReservationEvent>()({
  EmailReserved: z.object({ userId }),
  EmailReservationTakenOver: z.object({ userId, previousUserId: userId }),
});

export type StoredEmailReservationEvent = StoredEventOf<typeof emailReservationEvents>;

/** Prefix of the reservation streams; the api appends the hash (domain stays free of node:crypto). */
export const EMAIL_RESERVATION_STREAM_PREFIX = 'email-';
