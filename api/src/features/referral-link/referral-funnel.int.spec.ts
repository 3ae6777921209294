import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInfluencerTestApp, type InfluencerTestApp } from '../../testing/influencer-test-kit';

// The funnel end to end: a click on the short link (counted once, carried as SPEC §5 says), a
// registration with the campaign, a first purchase and its reward, read back per week and per
// campaign from the read models.
let t: InfluencerTestApp;
let influencer: { id: string; code: string; token: string };

beforeAll(async () => {
  t = await createInfluencerTestApp();
  influencer = await t.seedInfluencer('Funnel');
  await t.settle();
});

afterAll(async () => {
  await t?.close();
});

const click = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const funnel = async () =>
  (await t.call('GET', '/api/influencer/funnel', { token: influencer.token })).body as {
    shortLink: string;
    weeks: Array<{
      clicks: number;
      registrations: number;
      firstPurchases: number;
      commission: number;
    }>;
    campaigns: Array<{
      campaign: string | null;
      clicks: number;
      registrations: number;
      firstPurchases: number;
      commission: number;
    }>;
  };

describe('the short referral link', () => {
  it('counts a click and carries the code and the campaign to registration', async () => {
    const answer = await click(`/r/${influencer.code.toLowerCase()}?c=Insta-Reel`);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/register?ref=${influencer.code}&campaign=insta-reel`);
    const cookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
    expect(cookies).toContainEqual(expect.stringMatching(new RegExp(`^ref=${influencer.code};`)));
    expect(cookies).toContainEqual(expect.stringMatching(/^ref_campaign=insta-reel;/));
    const seen = cookies.find((value) => value.startsWith('ref_seen='))?.split(';')[0] ?? '';

    // The same browser clicking again within the half hour is one click.
    expect((await click(`/r/${influencer.code}?c=insta-reel`, seen)).statusCode).toBe(302);
    // Another post's tag, and a link without a tag, are clicks of their own.
    await click(`/r/${influencer.code}?c=yt-short`);
    await click(`/r/${influencer.code}`);
    await t.settle();
    const view = await funnel();
    expect(view.shortLink).toBe(`https://shortlist.test/r/${influencer.code}`);
    expect(view.weeks.at(-1)).toMatchObject({ clicks: 3 });
    expect(view.campaigns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ campaign: 'insta-reel', clicks: 1 }),
        expect.objectContaining({ campaign: 'yt-short', clicks: 1 }),
        expect.objectContaining({ campaign: null, clicks: 1 }),
      ]),
    );
  });

  it('sends an unknown or malformed code to registration without counting anything', async () => {
    const before = (await funnel()).weeks.at(-1)?.clicks;
    for (const url of [
      '/r/NOSUCHCODE',
      '/r/bad%20code!',
      `/r/${influencer.code}?c=${'x'.repeat(50)}`,
    ]) {
      const answer = await click(url);
      expect(answer.statusCode).toBe(302);
    }
    expect((await click('/r/NOSUCHCODE')).headers.location).toBe('/register');
    await t.settle();
    // The over-long tag is dropped, not stored: that click counts as untagged.
    const after = await funnel();
    expect(after.weeks.at(-1)?.clicks).toBe((before ?? 0) + 1);
    expect(after.campaigns.map((row) => row.campaign)).not.toContain('x'.repeat(50));
  });

  it('answers hostile codes and tags without a 5xx (the route is outside the OpenAPI fuzz)', async () => {
    const hostile = [
      '%ED%A0%80', // an unpaired surrogate as WTF-8
      '%00',
      '%1B%5B31m',
      '%E2%80%AE',
      'a'.repeat(5_000),
      '..%2F..%2Fetc',
      '%F0%9F%98%80',
    ];
    for (const value of hostile) {
      for (const url of [
        `/r/${value}`,
        `/r/${influencer.code}?c=${value}`,
        `/r/x?c=${value}&c=y`,
      ]) {
        const answer = await click(url);
        expect(answer.statusCode, url.slice(0, 80)).toBeLessThan(500);
      }
    }
  });

  it('follows the tagged visitor through registration and first purchase to commission', async () => {
    const registered = await t.call('POST', '/api/register', {
      body: {
        name: 'Tara',
        email: 'tara@customers.test',
        password: 'tara-pass-1',
        cpassword: 'tara-pass-1',
        referralCode: influencer.code,
        referralCampaign: 'insta-reel',
      },
    });
    expect(registered.status).toBe(201);
    const userId = String((registered.body.user as { id: string }).id);
    await t.settle();
    const review = await t.placeOrder(userId, 'tara@customers.test', 'resume_review');
    await t.payOrder(review, 'resume_review');
    await t.settle();
    const view = await funnel();
    expect(view.campaigns.find((row) => row.campaign === 'insta-reel')).toEqual({
      campaign: 'insta-reel',
      clicks: 1,
      registrations: 1,
      firstPurchases: 1,
      commission: 50,
    });
    expect(view.weeks.at(-1)).toMatchObject({
      registrations: 1,
      firstPurchases: 1,
      commission: 50,
    });
  });
});
