import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import {
  DEFAULT_INFLUENCER_QUERY_SUBJECT,
  INFLUENCER_QUERY_MESSAGES,
  type InfluencerQueryCommand,
} from './influencer-query.commands';
import type { InfluencerQueryEvent, InfluencerQueryStatus } from './influencer-query.events';
import { influencerQueryEvents } from './influencer-query.events';

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
> = { decide, evolve, catalogue: influencerQueryEvents, initialState: () => ({ kind: 'none' }) };
