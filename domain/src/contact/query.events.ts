import { z } from 'zod';
import {
  type EventOf,
  eventCatalogue,
  personal,
  type StoredEventOf,
} from '../core/event-catalogue';

/**
 * The support query a visitor sends from the Contact page, stream `query-{queryId}`
 * (ARCHITECTURE.md "Support query"). The e-mail, the message, the profile id and the replies'
 * recipient, subject and body are personal data (PERSONAL_FIELDS).
 */

const queryId = z.string().min(1);

/**
 * The support query's events: the only declaration of them (types inferred below,
 * event-catalogue.ts `EventOf`).
 */
export const queryEvents = eventCatalogue({
  QueryOpened: z.object({
    queryId,
    pid: personal(z.string().nullable()),
    email: personal(z.string()),
    message: personal(z.string()),
  }),
  QueryReplied: z.object({
    queryId,
    at: z.string(),
    /** The actor who replied, e.g. 'admin:{id}'. */
    by: z.string(),
    to: personal(z.string()),
    subject: personal(z.string()),
    body: personal(z.string()),
    /** Whether the reply mail was handed to the mail server. */
    sendOk: z.boolean(),
    /** The dev outbox link of the reply mail, when there is one. */
    previewUrl: z.string().nullable(),
  }),
  QueryClosed: z.object({ queryId }),
  QueryDeleted: z.object({ queryId }),
});

export type QueryEvent = EventOf<typeof queryEvents>;
export type QueryOpened = EventOf<typeof queryEvents, 'QueryOpened'>;
export type QueryReplied = EventOf<typeof queryEvents, 'QueryReplied'>;
export type QueryClosed = EventOf<typeof queryEvents, 'QueryClosed'>;
export type QueryDeleted = EventOf<typeof queryEvents, 'QueryDeleted'>;

export type StoredQueryEvent = StoredEventOf<typeof queryEvents>;

export const queryStreamName = (queryId: string): string => `query-${queryId}`;
