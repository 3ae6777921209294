import { assertNever, type Command, type Decider, type DomainEvent } from '../core/decider';
import { DomainError } from '../core/domain-error';

/**
 * An influencer's support query, stream `influencer-query-{queryId}` (ARCHITECTURE.md). Separate
 * from the customers' `query-{id}` streams: other people, other statuses (SPEC §4: open,
 * in_progress, resolved; an admin reply resolves unless the admin picks another status).
 */

export const INFLUENCER_QUERY_STATUSES = ['open', 'in_progress', 'resolved'] as const;
export type InfluencerQueryStatus = (typeof INFLUENCER_QUERY_STATUSES)[number];

/** The subject the influencer screen sends (SPEC §7). */
export const DEFAULT_INFLUENCER_QUERY_SUBJECT = 'General Issue';

export const INFLUENCER_QUERY_MESSAGES = {
  messageRequired: 'Enter your issue',
  replyRequired: 'Please write a reply.',
  notFound: 'Query not found.',
  alreadyOpened: 'This query already exists.',
} as const;

export type InfluencerQueryOpened = DomainEvent<
  'InfluencerQueryOpened',
  { queryId: string; influencerId: string; subject: string; message: string }
>;
export type InfluencerQueryReplied = DomainEvent<
  'InfluencerQueryReplied',
  { queryId: string; reply: string; status: InfluencerQueryStatus; by: string }
>;
export type InfluencerQueryEvent = InfluencerQueryOpened | InfluencerQueryReplied;

export type OpenInfluencerQuery = Command<
  'OpenInfluencerQuery',
  { queryId: string; influencerId: string; subject: string; message: string }
>;
/** `by` is who answered, as the replies list shows it ('admin:{id}'). */
export type ReplyToInfluencerQuery = Command<
  'ReplyToInfluencerQuery',
  { reply: string; status: InfluencerQueryStatus; by: string }
>;
export type InfluencerQueryCommand = OpenInfluencerQuery | ReplyToInfluencerQuery;

export type InfluencerQueryState =
  | { kind: 'none' }
  | { kind: 'opened'; queryId: string; influencerId: string; status: InfluencerQueryStatus };

function decide(
  command: InfluencerQueryCommand,
  state: InfluencerQueryState,
): InfluencerQueryEvent[] {
  switch (command.type) {
    case 'OpenInfluencerQuery': {
      if (state.kind !== 'none') {
        throw new DomainError('conflict', INFLUENCER_QUERY_MESSAGES.alreadyOpened);
      }
      const message = command.data.message.trim();
      if (message === '')
        throw new DomainError('invalid', INFLUENCER_QUERY_MESSAGES.messageRequired);
      return [
        {
          type: 'InfluencerQueryOpened',
          data: {
            queryId: command.data.queryId,
            influencerId: command.data.influencerId,
            subject: command.data.subject.trim() || DEFAULT_INFLUENCER_QUERY_SUBJECT,
            message,
          },
        },
      ];
    }
    case 'ReplyToInfluencerQuery': {
      if (state.kind === 'none') {
        throw new DomainError('not_found', INFLUENCER_QUERY_MESSAGES.notFound);
      }
      const reply = command.data.reply.trim();
      if (reply === '') throw new DomainError('invalid', INFLUENCER_QUERY_MESSAGES.replyRequired);
      return [
        {
          type: 'InfluencerQueryReplied',
          data: { queryId: state.queryId, reply, status: command.data.status, by: command.data.by },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: InfluencerQueryState, event: InfluencerQueryEvent): InfluencerQueryState {
  switch (event.type) {
    case 'InfluencerQueryOpened':
      return {
        kind: 'opened',
        queryId: event.data.queryId,
        influencerId: event.data.influencerId,
        status: 'open',
      };
    case 'InfluencerQueryReplied':
      return state.kind === 'none' ? state : { ...state, status: event.data.status };
    default:
      return assertNever(event);
  }
}

export const influencerQueryDecider: Decider<
  InfluencerQueryState,
  InfluencerQueryCommand,
  InfluencerQueryEvent
> = { decide, evolve, initialState: () => ({ kind: 'none' }) };

export const influencerQueryStreamName = (queryId: string): string => `influencer-query-${queryId}`;
