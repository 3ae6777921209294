import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createProjectionTestDatabase,
  expectIdempotentProjection,
  type ProjectionTestDatabase,
  recordedEvents,
} from '../testing';
import { supportQueriesProjection } from './support-queries.projection';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase('queries');
});

afterAll(async () => {
  await database.drop();
});

const at = (minute: number) => ({
  actor: 'anonymous',
  at: `2026-11-01T10:${String(minute).padStart(2, '0')}:00.000Z`,
});
const opened = (queryId: string, email: string) => ({
  queryId,
  pid: null,
  email,
  message: `Question from ${email}`,
});
const reply = (queryId: string, body: string, minute: number) => ({
  queryId,
  at: at(minute).at,
  by: 'admin:a1',
  to: 'asha@example.com',
  subject: 'Re: your message to Shortlist',
  body,
  sendOk: true,
  previewUrl: null,
});

const history = recordedEvents([
  {
    streamName: 'query-q1',
    type: 'QueryOpened',
    data: { ...opened('q1', 'asha@example.com'), pid: 'u1' },
    metadata: at(0),
  },
  {
    streamName: 'query-q2',
    type: 'QueryOpened',
    data: opened('q2', 'ravi@example.com'),
    metadata: at(1),
  },
  {
    streamName: 'query-q1',
    type: 'QueryReplied',
    data: reply('q1', 'First answer', 2),
    metadata: at(2),
  },
  {
    streamName: 'query-q1',
    type: 'QueryReplied',
    data: reply('q1', 'Second answer', 3),
    metadata: at(3),
  },
  { streamName: 'query-q1', type: 'QueryClosed', data: { queryId: 'q1' }, metadata: at(4) },
  { streamName: 'query-q2', type: 'QueryDeleted', data: { queryId: 'q2' }, metadata: at(5) },
  // An influencer query shares the event types but not this read model.
  {
    streamName: 'influencer-query-iq1',
    type: 'QueryOpened',
    data: opened('iq1', 'inf@example.com'),
    metadata: at(6),
  },
]);

describe('queries projection', () => {
  it('keeps one row per contact query with its replies in order, idempotently', async () => {
    const snapshot = await expectIdempotentProjection({
      db: database.db,
      projection: supportQueriesProjection,
      events: history,
    });
    expect(snapshot.queries).toHaveLength(2);

    const rows = await database.db.selectFrom('queries').selectAll().orderBy('id').execute();
    expect(rows[0]).toMatchObject({
      id: 'q1',
      pid: 'u1',
      email: 'asha@example.com',
      message: 'Question from asha@example.com',
      status: 'closed',
      deleted: false,
      created_at: new Date('2026-11-01T10:00:00.000Z'),
    });
    expect(rows[0]?.replies.map((r) => r.body)).toEqual(['First answer', 'Second answer']);
    expect(rows[0]?.replies[0]).toEqual({
      at: '2026-11-01T10:02:00.000Z',
      by: 'admin:a1',
      to: 'asha@example.com',
      subject: 'Re: your message to Shortlist',
      body: 'First answer',
      sendOk: true,
      previewUrl: null,
    });
    // Deleted: kept as a tombstone, without the personal data.
    expect(rows[1]).toMatchObject({
      id: 'q2',
      deleted: true,
      email: null,
      message: null,
      replies: [],
      status: 'open',
    });
  });
});
