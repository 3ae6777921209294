import { z } from 'zod';
import { type EventOf, eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * Stream `email-{sha256(normalised e-mail)}` (ARCHITECTURE.md): the unique-e-mail invariant.
 * Neither store has a unique index over event data, so an e-mail is claimed by appending to a
 * stream named after it while that stream must not exist ("no stream"); both stores refuse the
 * second writer. The stream name carries only a hash and the events only user ids, so nothing
 * personal is written here.
 */

const userId = z.string().min(1);

export const emailReservationEvents = eventCatalogue({
  EmailReserved: z.object({ userId }),
  /**
   * A new registration took the e-mail over from an account that never became usable (the
   * decider says when); `previousUserId` is the account that held it.
   */
  EmailReservationTakenOver: z.object({ userId, previousUserId: userId }),
});

export type EmailReservationEvent = EventOf<typeof emailReservationEvents>;
export type EmailReserved = EventOf<typeof emailReservationEvents, 'EmailReserved'>;
export type EmailReservationTakenOver = EventOf<
  typeof emailReservationEvents,
  'EmailReservationTakenOver'
>;

export type StoredEmailReservationEvent = StoredEventOf<typeof emailReservationEvents>;

/** Prefix of the reservation streams; the api appends the hash (domain stays free of node:crypto). */
export const EMAIL_RESERVATION_STREAM_PREFIX = 'email-';
