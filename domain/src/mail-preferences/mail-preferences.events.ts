import { z } from 'zod';
import { type EventOf, eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * What mail a customer agreed to get, stream `mail-preferences-{userId}`. Only reminder-type
 * mails can be refused: the mails about an order's steps (receipt, delivery, refund) are part
 * of the service that was bought. No read model reads this stream; the reminder job loads it.
 */

export const mailPreferencesEvents = eventCatalogue({
  /** The customer clicked the unsubscribe link (or their mail client's one-click button). */
  RemindersUnsubscribed: z.object({ userId: z.string().min(1) }),
});

export type MailPreferencesEvent = EventOf<typeof mailPreferencesEvents>;
export type RemindersUnsubscribed = EventOf<typeof mailPreferencesEvents, 'RemindersUnsubscribed'>;

export type StoredMailPreferencesEvent = StoredEventOf<typeof mailPreferencesEvents>;

export const mailPreferencesStreamName = (userId: string): string => `mail-preferences-${userId}`;
