import { z } from 'zod';
import type { DomainEvent } from '../core/decider';
import { eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * An influencer's support query, stream `influencer-query-{queryId}` (ARCHITECTURE.md). Separate
 * from the customers' `query-{id}` streams: other people, other statuses (SPEC §4: open,
 * in_progress, resolved; an admin reply resolves unless the admin picks another status).
 */

export const INFLUENCER_QUERY_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type InfluencerQueryStatus = (typeof INFLUENCER_QUERY_STATUSES)[number];

export type InfluencerQueryOpened = DomainEvent<
  'InfluencerQueryOpened',
  { queryId: string; influencerId: string; subject: string; message: string }
>;
export type InfluencerQueryReplied = DomainEvent<
  'InfluencerQueryReplied',
  { queryId: string; reply: string; status: InfluencerQueryStatus; by: string }
>;
export type InfluencerQueryEvent = InfluencerQueryOpened | InfluencerQueryReplied;

const queryId = z.string().min(1);

/** The influencer query's events as they read back from the store (event-catalogue.ts). */
export const influencerQueryEvents = eventCatalogue<InfluencerQueryEvent>()({
  InfluencerQueryOpened: z.object({
    queryId,
    influencerId: z.string().min(1),
    subject: z.string(),
    message: z.string(),
  }),
  InfluencerQueryReplied: z.object({
    queryId,
    reply: z.string(),
    status: z.enum(INFLUENCER_QUERY_STATUSES),
    by: z.string(),
  }),
});

export type StoredInfluencerQueryEvent = StoredEventOf<typeof influencerQueryEvents>;

export const influencerQueryStreamName = (queryId: string): string => `influencer-query-${queryId}`;
