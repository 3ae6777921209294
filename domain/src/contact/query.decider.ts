import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { DEFAULT_REPLY_SUBJECT, QUERY_MESSAGES, type QueryCommand } from './query.commands';
import type { QueryEvent } from './query.events';
import { queryEvents } from './query.events';

export type QueryState =
  | { kind: 'none' }
  | {
      kind: 'opened';
      queryId: string;
      /** Where replies go by default. */
      email: string;
      status: 'open' | 'closed';
      deleted: boolean;
    };

type Opened = Extract<QueryState, { kind: 'opened' }>;

function existing(state: QueryState): Opened {
  if (state.kind === 'none') throw new DomainError('not_found', QUERY_MESSAGES.notFound);
  if (state.deleted) throw new DomainError('gone', QUERY_MESSAGES.deleted);
  return state;
}

function decide(command: QueryCommand, state: QueryState): QueryEvent[] {
  switch (command.type) {
    case 'OpenQuery': {
      if (state.kind !== 'none') throw new DomainError('conflict', QUERY_MESSAGES.alreadyOpened);
      const email = command.data.email.trim();
      const message = command.data.message.trim();
      if (email === '' || message === '') {
        throw new DomainError('invalid', QUERY_MESSAGES.emailAndMessageRequired);
      }
      const pid = command.data.pid?.trim() || null;
      return [
        { type: 'QueryOpened', data: { queryId: command.data.queryId, pid, email, message } },
      ];
    }
    case 'ReplyToQuery': {
      const query = existing(state);
      const body = command.data.body.trim();
      if (body === '') throw new DomainError('invalid', QUERY_MESSAGES.replyRequired);
      const replied: QueryEvent = {
        type: 'QueryReplied',
        data: {
          queryId: query.queryId,
          at: command.metadata.now,
          by: command.data.by,
          to: command.data.to.trim() || query.email,
          subject: command.data.subject.trim() || DEFAULT_REPLY_SUBJECT,
          body,
          sendOk: command.data.sendOk,
          previewUrl: command.data.previewUrl,
        },
      };
      // A follow-up on a closed query is allowed (the history shows it); it stays closed.
      return command.data.close && query.status === 'open'
        ? [replied, { type: 'QueryClosed', data: { queryId: query.queryId } }]
        : [replied];
    }
    case 'CloseQuery': {
      const query = existing(state);
      return query.status === 'closed'
        ? []
        : [{ type: 'QueryClosed', data: { queryId: query.queryId } }];
    }
    case 'DeleteQuery':
      if (state.kind === 'none') throw new DomainError('not_found', QUERY_MESSAGES.notFound);
      // Deleting twice (a double click, a retried request) is harmless.
      if (state.deleted) return [];
      return [{ type: 'QueryDeleted', data: { queryId: state.queryId } }];
    default:
      return assertNever(command);
  }
}

function evolve(state: QueryState, event: QueryEvent): QueryState {
  switch (event.type) {
    case 'QueryOpened':
      return {
        kind: 'opened',
        queryId: event.data.queryId,
        email: event.data.email,
        status: 'open',
        deleted: false,
      };
    case 'QueryReplied':
      return state;
    case 'QueryClosed':
      return state.kind === 'none' ? state : { ...state, status: 'closed' };
    case 'QueryDeleted':
      return state.kind === 'none' ? state : { ...state, deleted: true };
    default:
      return assertNever(event);
  }
}

export const queryDecider: Decider<QueryState, QueryCommand, QueryEvent> = {
  decide,
  evolve,
  catalogue: queryEvents,
  initialState: () => ({ kind: 'none' }),
};
