import { randomUUID } from 'node:crypto';
import { influencerQueryDecider, influencerQueryStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../../commands/handle-command';
import { LIMIT_MESSAGES } from '../../../shared/abuse-limits';
import {
  createInfluencerTestApp,
  type InfluencerTestApp,
} from '../../../testing/influencer-test-kit';

// The admin's influencer-queries list, paged like the other admin lists (it used to answer at
// most 500 rows, with no way to see the rest), and the rate limit on opening queries.

let t: InfluencerTestApp;
let admin: string;
let priya: { id: string; token: string };
let ravi: { id: string; token: string };
/** Every seeded query id, newest first. */
const newestFirst: string[] = [];

const QUERIES = 120;

beforeAll(async () => {
  t = await createInfluencerTestApp();
  admin = await t.adminToken();
  priya = await t.seedInfluencer('Priya Nair');
  ravi = await t.seedInfluencer('Ravi Das');
  const start = Date.now() - QUERIES * 60_000;
  for (let i = 0; i < QUERIES; i += 1) {
    const queryId = randomUUID();
    const influencer = i % 3 === 0 ? ravi : priya;
    await handleCommand({
      store: t.services.store,
      streamName: influencerQueryStreamName(queryId),
      decider: influencerQueryDecider,
      command: {
        type: 'OpenInfluencerQuery',
        data: {
          queryId,
          influencerId: influencer.id,
          subject: 'General Issue',
          message: i === 7 ? 'Payout 50% short' : `Question number ${i}`,
        },
        metadata: {
          actor: `influencer:${influencer.id}`,
          correlationId: randomUUID(),
          causationId: null,
          // One a minute, oldest first, so "newest first" has one answer.
          now: new Date(start + i * 60_000).toISOString(),
        },
      },
    });
    newestFirst.unshift(queryId);
  }
  await t.settle();
});

afterAll(async () => {
  await t?.close();
});

interface Page {
  ok: true;
  items: { _id: string; status: string; influencerId: { name: string | null } }[];
  total: number;
}

async function list(query = ''): Promise<Page> {
  const answer = await t.call('GET', `/api/admin/influencer-queries${query}`, { token: admin });
  expect(answer.status).toBe(200);
  return answer.body as unknown as Page;
}

const ids = (page: Page) => page.items.map((item) => item._id);

describe('GET /admin/influencer-queries', () => {
  it('answers 50 a page, newest first, with the total, and every page after it', async () => {
    const first = await list();
    expect(first.total).toBe(QUERIES);
    expect(ids(first)).toEqual(newestFirst.slice(0, 50));
    const third = await list('?page=3');
    expect(ids(third)).toEqual(newestFirst.slice(100));
    expect((await list('?page=2&limit=100')).items).toHaveLength(20);
    expect((await list('?page=9')).items).toEqual([]);
  });

  it('refuses a page size over 100 or a page below 1', async () => {
    for (const query of ['?limit=101', '?page=0', '?status=closed']) {
      const answer = await t.call('GET', `/api/admin/influencer-queries${query}`, {
        token: admin,
      });
      expect(answer.status).toBe(400);
    }
  });

  it('searches subject, message, influencer name and id, taking % literally', async () => {
    const ravis = await list(`?q=${encodeURIComponent('ravi')}&limit=100`);
    expect(ravis.total).toBe(QUERIES / 3);
    expect(ravis.items.every((item) => item.influencerId.name === 'Ravi Das')).toBe(true);
    expect(ids(await list(`?q=${encodeURIComponent('50%')}`))).toEqual([newestFirst[QUERIES - 8]]);
    // A literal %, not "anything": only the message that has one.
    expect(ids(await list(`?q=${encodeURIComponent('%')}`))).toEqual([newestFirst[QUERIES - 8]]);
    expect((await list(`?q=${encodeURIComponent('_')}`)).total).toBe(0);
    const someId = newestFirst[10] ?? '';
    expect(ids(await list(`?q=${someId.slice(0, 13)}`))).toEqual([someId]);
  });

  it('filters by status, the total counting the filtered list', async () => {
    const answered = newestFirst[0] ?? '';
    const reply = await t.call('PUT', `/api/admin/influencer-queries/${answered}/reply`, {
      token: admin,
      body: { reply: 'Fixed.', status: 'resolved' },
    });
    expect(reply.status).toBe(200);
    const resolved = await list('?status=resolved');
    expect([ids(resolved), resolved.total]).toEqual([[answered], 1]);
    expect((await list('?status=open')).total).toBe(QUERIES - 1);
    expect((await list('?status=')).total).toBe(QUERIES);
  });
});

describe('POST /influencer/queries', () => {
  const open = (influencer: { id: string; token: string }) =>
    t.call('POST', '/api/influencer/queries', {
      token: influencer.token,
      body: { influencerId: influencer.id, subject: 'General Issue', message: 'Still broken' },
    });

  it('takes 10 an hour from one influencer, then 429; another influencer is not held back', async () => {
    const meera = await t.seedInfluencer('Meera');
    for (let i = 0; i < 10; i += 1) expect((await open(meera)).status).toBe(201);
    const refused = await open(meera);
    expect(refused).toEqual({ status: 429, body: { message: LIMIT_MESSAGES.tooManyQueries } });
    expect((await open(ravi)).status).toBe(201);
  });
});
