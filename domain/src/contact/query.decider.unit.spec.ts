import { describe, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import {
  DEFAULT_REPLY_SUBJECT,
  QUERY_MESSAGES,
  type QueryCommand,
  type QueryEvent,
  queryDecider,
  type ReplyToQuery,
} from './index';

const NOW = '2026-11-22T10:00:00.000Z';
const metadata: CommandMetadata = {
  actor: 'admin:a1',
  correlationId: 'c1',
  causationId: null,
  now: NOW,
};
const cmd = <C extends QueryCommand>(type: C['type'], data: C['data']) =>
  ({ type, data, metadata }) as C;

const opened: QueryEvent = {
  type: 'QueryOpened',
  data: { queryId: 'q1', pid: 'u1', email: 'asha@example.com', message: 'Where is my resume?' },
};
const closed: QueryEvent = { type: 'QueryClosed', data: { queryId: 'q1' } };
const deleted: QueryEvent = { type: 'QueryDeleted', data: { queryId: 'q1' } };

const reply = (overrides: Partial<ReplyToQuery['data']> = {}) =>
  cmd<ReplyToQuery>('ReplyToQuery', {
    by: 'admin:a1',
    to: '',
    subject: '',
    body: 'It ships tomorrow.',
    sendOk: true,
    previewUrl: null,
    close: false,
    ...overrides,
  });
const replied = (overrides: Partial<Extract<QueryEvent, { type: 'QueryReplied' }>['data']> = {}) =>
  ({
    type: 'QueryReplied',
    data: {
      queryId: 'q1',
      at: NOW,
      by: 'admin:a1',
      to: 'asha@example.com',
      subject: DEFAULT_REPLY_SUBJECT,
      body: 'It ships tomorrow.',
      sendOk: true,
      previewUrl: null,
      ...overrides,
    },
  }) satisfies QueryEvent;

const spec = DeciderSpecification.for(queryDecider);

describe('Support query decider', () => {
  it('opens a query once, trimmed, with a blank profile id stored as null', () => {
    spec
      .given([])
      .when(
        cmd('OpenQuery', {
          queryId: 'q1',
          pid: '  ',
          email: ' asha@example.com ',
          message: ' Hello ',
        }),
      )
      .then([
        {
          type: 'QueryOpened',
          data: { queryId: 'q1', pid: null, email: 'asha@example.com', message: 'Hello' },
        },
      ]);
    spec
      .given([opened])
      .when(cmd('OpenQuery', { queryId: 'q1', pid: null, email: 'a@b.co', message: 'Hi' }))
      .thenThrows('conflict', QUERY_MESSAGES.alreadyOpened);
  });

  it('needs an e-mail and a message', () => {
    spec
      .given([])
      .when(cmd('OpenQuery', { queryId: 'q1', pid: null, email: 'a@b.co', message: '  ' }))
      .thenThrows('invalid', QUERY_MESSAGES.emailAndMessageRequired);
    spec
      .given([])
      .when(cmd('OpenQuery', { queryId: 'q1', pid: null, email: '', message: 'Hi' }))
      .thenThrows('invalid', QUERY_MESSAGES.emailAndMessageRequired);
  });

  it('replies to the sender with the default subject, trimmed', () => {
    spec.given([opened]).when(reply()).then([replied()]);
    spec
      .given([opened])
      .when(reply({ to: ' other@example.com ', subject: ' Your order ', body: '  Done. ' }))
      .then([replied({ to: 'other@example.com', subject: 'Your order', body: 'Done.' })]);
  });

  it('refuses a reply without text', () => {
    spec
      .given([opened])
      .when(reply({ body: ' \n ' }))
      .thenThrows('invalid', QUERY_MESSAGES.replyRequired);
  });

  it('closes with "Send & Close", and keeps a closed query closed on a follow-up', () => {
    spec
      .given([opened])
      .when(reply({ close: true }))
      .then([replied(), closed]);
    spec
      .given([opened, closed])
      .when(reply({ close: true }))
      .then([replied()]);
  });

  it('closes once', () => {
    spec.given([opened]).when(cmd('CloseQuery', {})).then([closed]);
    spec.given([opened, closed]).when(cmd('CloseQuery', {})).then([]);
  });

  it('deletes once; a deleted query takes no reply or close', () => {
    spec.given([opened]).when(cmd('DeleteQuery', {})).then([deleted]);
    spec.given([opened, deleted]).when(cmd('DeleteQuery', {})).then([]);
    spec.given([opened, deleted]).when(reply()).thenThrows('gone', QUERY_MESSAGES.deleted);
    spec
      .given([opened, deleted])
      .when(cmd('CloseQuery', {}))
      .thenThrows('gone', QUERY_MESSAGES.deleted);
  });

  it('knows no query that was never opened', () => {
    spec.given([]).when(reply()).thenThrows('not_found', QUERY_MESSAGES.notFound);
    spec.given([]).when(cmd('CloseQuery', {})).thenThrows('not_found', QUERY_MESSAGES.notFound);
    spec.given([]).when(cmd('DeleteQuery', {})).thenThrows('not_found', QUERY_MESSAGES.notFound);
  });
});
