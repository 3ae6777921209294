import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

// Counting is bounded per client address: past the limit a visitor is still sent on to
// registration, but the funnel does not grow (a script refreshing a link cannot inflate it).
let t: TestApp;
let code = '';

beforeAll(async () => {
  t = await createTestApp({ limits: { referralClicks: { max: 2, timeWindowMs: 60_000 } } });
  const admin = await t.tokenFor({ id: 'admin-limit', role: 'admin' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/admin/influencers',
    headers: { authorization: `Bearer ${admin}` },
    payload: { name: 'Limit', email: 'limit@influencers.test', password: 'limit-pass-1' },
  });
  expect(created.statusCode).toBe(201);
  code = created.json<{ item: { referralCode: string } }>().item.referralCode;
});

afterAll(async () => {
  await t?.close();
});

describe('short link click limit', () => {
  it('counts at most the limit per address, and redirects every click', async () => {
    for (let i = 0; i < 5; i += 1) {
      const answer = await t.app.inject({ method: 'GET', url: `/r/${code}?c=post-${i}` });
      expect(answer.statusCode).toBe(302);
      expect(answer.headers.location).toBe(`/register?ref=${code}&campaign=post-${i}`);
    }
    // Another address still counts; once its click is read, every earlier one has been too
    // (projections follow the global order), so the rows are final.
    const other = await t.app.inject({
      method: 'GET',
      url: `/r/${code}?c=other`,
      remoteAddress: '127.0.0.9',
    });
    expect(other.statusCode).toBe(302);
    await vi.waitFor(
      async () => {
        const rows = await t.services.db.selectFrom('referral_clicks').select('campaign').execute();
        expect(rows.map((row) => row.campaign).sort()).toEqual(['other', 'post-0', 'post-1']);
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
