import { z } from 'zod';
import { type EventOf, eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * An influencer's support query, stream `influencer-query-{queryId}` (ARCHITECTURE.md). Separate
 * from the customers' `query-{id}` streams: other people, other statuses (SPEC §4: open,
 * in_progress, resolved; an admin reply resolves unless the admin picks another status).
 */

export const INFLUENCER_QUERY_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type InfluencerQueryStatus = (typeof INFLUENCER_QUERY_STATUSES)[number];

const queryId = z.string().min(1);

/**
 * The influencer query's events: the only declaration of them (types inferred below,
 * event-catalogue.ts `EventOf`).
 */
export const influencerQueryEvents = eventCatalogue({
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
    /** Who answered, as the replies list shows it ('admin:{id}'). */
    by: z.string(),
  }),
});

export type InfluencerQueryEvent = EventOf<typeof influencerQueryEvents>;
export type InfluencerQueryOpened = EventOf<typeof influencerQueryEvents, 'InfluencerQueryOpened'>;
export type InfluencerQueryReplied = EventOf<
  typeof influencerQueryEvents,
  'InfluencerQueryReplied'
>;

export type StoredInfluencerQueryEvent = StoredEventOf<typeof influencerQueryEvents>;

export const influencerQueryStreamName = (queryId: string): string => `influencer-query-${queryId}`;
