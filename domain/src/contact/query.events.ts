import { z } from 'zod';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, personal, type StoredEventOf } from '../core/event-catalogue';

/**
 * The support query a visitor sends from the Contact page, stream `query-{queryId}`
 * (ARCHITECTURE.md "Support query"). The e-mail, the message, the profile id and the replies'
 * recipient, subject and body are personal data (PERSONAL_FIELDS).
 */

export type QueryOpened = DomainEvent<
  'QueryOpened',
  { queryId: string; pid: string | null; email: string; message: string }
>;
export type QueryReplied = DomainEvent<
  'QueryReplied',
  {
    queryId: string;
    at: string;
    /** The actor who replied, e.g. 'admin:{id}'. */
    by: string;
    to: string;
    subject: string;
    body: string;
    /** Whether the reply mail was handed to the mail server. */
    sendOk: boolean;
    /** The dev outbox link of the reply mail, when there is one. */
    previewUrl: string | null;
  }
>;
export type QueryClosed = DomainEvent<'QueryClosed', { queryId: string }>;
export type QueryDeleted = DomainEvent<'QueryDeleted', { queryId: string }>;

export type QueryEvent = QueryOpened | QueryReplied | QueryClosed | QueryDeleted;

const queryId = z.string().min(1);

/** The support query's events as they read back from the store (event-catalogue.ts). */
export const queryEvents = eventCatalogue<QueryEvent>()({
  QueryOpened: z.object({
    queryId,
    pid: personal(z.string()),
    email: personal(z.string()),
    message: personal(z.string()),
  }),
  QueryReplied: z.object({
    queryId,
    at: z.string(),
    by: z.string(),
    to: personal(z.string()),
    subject: personal(z.string()),
    body: personal(z.string()),
    sendOk: z.boolean(),
    previewUrl: z.string().nullable(),
  }),
  QueryClosed: z.object({ queryId }),
  QueryDeleted: z.object({ queryId }),
});

export type StoredQueryEvent = StoredEventOf<typeof queryEvents>;

export const queryStreamName = (queryId: string): string => `query-${queryId}`;
