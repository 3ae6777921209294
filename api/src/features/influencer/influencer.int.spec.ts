import { notEligibleMessage } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInfluencerTestApp, type InfluencerTestApp } from '../../testing/influencer-test-kit';

let t: InfluencerTestApp;
let admin: string;

beforeAll(async () => {
  t = await createInfluencerTestApp();
  admin = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
});

async function createByAdmin(name: string, email: string, password: string) {
  const answer = await t.call('POST', '/api/admin/influencers', {
    token: admin,
    body: { name, email, password },
  });
  expect(answer.status).toBe(201);
  return answer.body as { item: { _id: string; referralCode: string }; plainPassword: string };
}

const login = (email: string, password: string) =>
  t.call('POST', '/api/influencer/login', { body: { email, password } });

/** Ledger events that make `n` referred registrations worth `each` rupees apiece. */
function referrals(n: number, each: number, prefix = 'u') {
  return Array.from({ length: n }, (_, i) => [
    ['ReferralRegistered', { userId: `${prefix}${i}`, at: '2026-11-01T00:00:00.000Z' }],
    ...(each > 0
      ? [['ReferralRewardCredited', { userId: `${prefix}${i}`, orderId: `o${i}`, amount: each }]]
      : []),
  ]).flat() as Array<[string, { [key: string]: string | number }]>;
}

describe('influencer login', () => {
  it('signs in with trimmed, lower-cased e-mail; refuses a wrong password or unknown e-mail', async () => {
    const created = await createByAdmin('Asha Rao', 'asha@example.com', 'asha-pass-1');
    const ok = await login('  ASHA@Example.com ', 'asha-pass-1');
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      ok: true,
      influencer: { id: created.item._id, name: 'Asha Rao', email: 'asha@example.com' },
    });
    expect(typeof ok.body.token).toBe('string');
    for (const [email, password] of [
      ['asha@example.com', 'wrong-pass-1'],
      ['nobody@example.com', 'asha-pass-1'],
    ]) {
      const refused = await login(email ?? '', password ?? '');
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ message: 'Invalid login' });
    }
  });

  it('validates the form as the SPEC words it', async () => {
    expect((await login('', 'x')).body).toEqual({ message: 'Please enter email and password' });
    expect((await login('a@b.c', 'short')).body).toEqual({
      message: 'Password must be at least 8 characters.',
    });
  });
});

describe('influencer dashboard', () => {
  it('shows only the caller’s own data; other roles 403, no token 401', async () => {
    const a = await t.seedInfluencer('Alpha');
    const b = await t.seedInfluencer('Beta');
    await t.seedLedger(a.id, referrals(3, 50, 'a'));
    await t.settle();
    const mine = await t.call('GET', '/api/influencer/dashboard', { token: a.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({
      ok: true,
      stats: {
        usersReferred: 3,
        registrations: 3,
        orders: 0,
        balance: 150,
        eligible: false,
        pending: 0,
        debt: 0,
      },
      influencer: {
        name: 'Alpha',
        referralCode: a.code,
        referralLink: `https://shortlist.test/register?ref=${a.code}`,
      },
      orders: [],
    });
    const theirs = await t.call('GET', '/api/influencer/dashboard', { token: b.token });
    expect(theirs.body).toMatchObject({
      stats: { registrations: 0, balance: 0 },
      influencer: { name: 'Beta' },
    });

    const customer = await t.tokenFor({ id: 'user-1', role: 'user' });
    for (const token of [customer, admin]) {
      const denied = await t.call('GET', '/api/influencer/dashboard', { token });
      expect(denied).toEqual({ status: 403, body: { message: 'Access denied.' } });
    }
    expect((await t.call('GET', '/api/influencer/dashboard')).status).toBe(401);
    // Queries are the caller's own too: naming another influencer is refused.
    const other = await t.call('GET', `/api/influencer/queries/${b.id}`, { token: a.token });
    expect(other.status).toBe(403);
  });
});

describe('payout eligibility', () => {
  it.each([
    [49, 2500, false],
    [50, 2499, false],
    [50, 2500, true],
  ])('%i registrations and ₹%i: eligible %s', async (registrations, balance, eligible) => {
    const influencer = await t.seedInfluencer();
    await t.seedLedger(influencer.id, [
      ...referrals(registrations, 0),
      ['ReferralRewardCredited', { userId: 'u0', orderId: 'o0', amount: balance }],
    ]);
    await t.settle();
    const dashboard = await t.call('GET', '/api/influencer/dashboard', { token: influencer.token });
    expect(dashboard.body.stats).toMatchObject({ registrations, balance, eligible });
    const request = await t.call('POST', '/api/influencer/payouts/request', {
      token: influencer.token,
      body: { payeeName: 'A R', mobile: '9876543210', bankName: 'SBI', upiId: 'ar@upi' },
    });
    if (eligible) {
      expect(request).toEqual({ status: 200, body: { ok: true, message: 'Payout request sent!' } });
    } else {
      expect(request).toEqual({ status: 409, body: { message: notEligibleMessage() } });
    }
  });

  it('needs every payment detail and a 10-digit mobile', async () => {
    const influencer = await t.seedInfluencer();
    const request = (body: Record<string, string>) =>
      t.call('POST', '/api/influencer/payouts/request', { token: influencer.token, body });
    const full = { payeeName: 'A R', mobile: '9876543210', bankName: 'SBI', upiId: 'ar@upi' };
    expect((await request({ ...full, upiId: ' ' })).body).toEqual({
      message: 'Please fill all payment details.',
    });
    expect((await request({ ...full, mobile: '12345' })).body).toEqual({
      message: 'Enter a 10-digit mobile number.',
    });
    expect((await request({ ...full, upiId: 'not a upi id' })).body).toEqual({
      message: 'Enter a valid UPI id (e.g. name@bank).',
    });
    const bank = { ...full, method: 'bank', accountNumber: '123456789012', ifsc: 'SBIN0001234' };
    expect((await request({ ...bank, ifsc: 'SBIN001234' })).body).toEqual({
      message: 'Enter a valid IFSC (11 characters, e.g. SBIN0001234).',
    });
    expect((await request({ ...bank, accountNumber: '12ab' })).body).toEqual({
      message: 'Enter a valid account number (9 to 18 digits).',
    });
  });
});

describe('payout requests', () => {
  it('accepts exactly one of 50 parallel requests; a rejection returns the balance', async () => {
    const influencer = await t.seedInfluencer('Racer');
    await t.seedLedger(influencer.id, referrals(50, 50));
    await t.settle();
    const body = { payeeName: 'R', mobile: '9876543210', bankName: 'HDFC', upiId: 'racer@upi' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.call('POST', '/api/influencer/payouts/request', { token: influencer.token, body }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    await t.settle();
    const payouts = await t.call('GET', '/api/influencer/payouts', { token: influencer.token });
    expect(payouts.body.items).toEqual([
      expect.objectContaining({ amount: 2500, status: 'requested', payeeName: 'R', txnId: null }),
    ]);
    expect(payouts.body.stats).toMatchObject({ balance: 0, eligible: false });

    const listed = await t.call('GET', '/api/admin/influencer-payouts', { token: admin });
    const item = (listed.body.items as Array<Record<string, unknown>>).find(
      (p) => (p.influencerId as { _id: string })._id === influencer.id,
    );
    expect(item).toMatchObject({
      influencerId: { name: 'Racer' },
      amount: 2500,
      upiId: 'racer@upi',
    });
    const id = String(item?._id);
    const noReason = await t.call('PATCH', `/api/admin/influencer-payouts/${id}`, {
      token: admin,
      body: { status: 'rejected' },
    });
    expect(noReason).toEqual({
      status: 400,
      body: { message: 'Enter the reason the influencer will see.' },
    });
    const rejected = await t.call('PATCH', `/api/admin/influencer-payouts/${id}`, {
      token: admin,
      body: { status: 'rejected', reason: 'UPI id not found' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.item).toMatchObject({ status: 'rejected', reason: 'UPI id not found' });
    const seen = await t.call('GET', '/api/influencer/payouts', { token: influencer.token });
    expect(seen.body.items).toEqual([
      expect.objectContaining({ status: 'rejected', reason: 'UPI id not found' }),
    ]);
    const after = await t.call('GET', '/api/influencer/dashboard', { token: influencer.token });
    expect(after.body.stats).toMatchObject({ balance: 2500, eligible: true });
    // Settled stays settled: a rejected payout cannot then be paid.
    const paid = await t.call('PATCH', `/api/admin/influencer-payouts/${id}`, {
      token: admin,
      body: { status: 'paid', txnId: 'UTR1' },
    });
    expect(paid).toEqual({ status: 409, body: { message: 'This payout was rejected.' } });
  });

  it('records the transaction id when paid', async () => {
    const influencer = await t.seedInfluencer();
    await t.seedLedger(influencer.id, referrals(50, 50));
    await t.settle();
    await t.call('POST', '/api/influencer/payouts/request', {
      token: influencer.token,
      body: { payeeName: 'P', mobile: '9876543210', bankName: 'SBI', upiId: 'payee@upi' },
    });
    const [payout] = (await t.call('GET', '/api/influencer/payouts', { token: influencer.token }))
      .body.items as Array<{ _id: string }>;
    // Paid only once approved: the approval is where a debt is netted.
    const early = await t.call('PATCH', `/api/admin/influencer-payouts/${payout?._id}`, {
      token: admin,
      body: { status: 'paid', txnId: 'UTR42' },
    });
    expect(early).toEqual({
      status: 409,
      body: { message: 'Approve the payout before marking it paid.' },
    });
    for (const body of [{ status: 'approved' }, { status: 'paid', txnId: ' UTR42 ' }]) {
      const answer = await t.call('PATCH', `/api/admin/influencer-payouts/${payout?._id}`, {
        token: admin,
        body,
      });
      expect(answer.status).toBe(200);
    }
    const items = (await t.call('GET', '/api/influencer/payouts', { token: influencer.token })).body
      .items;
    expect(items).toEqual([expect.objectContaining({ status: 'paid', txnId: 'UTR42' })]);
    expect((items as Array<{ processedAt: string | null }>)[0]?.processedAt).not.toBeNull();
  });
});

describe('influencer queries', () => {
  it('are opened by the influencer, listed for both, and answered by the admin', async () => {
    const influencer = await t.seedInfluencer('Querier');
    const blank = await t.call('POST', '/api/influencer/queries', {
      token: influencer.token,
      body: { influencerId: influencer.id, subject: 'General Issue', message: '   ' },
    });
    expect(blank).toEqual({ status: 400, body: { message: 'Enter your issue' } });
    const forSomeoneElse = await t.call('POST', '/api/influencer/queries', {
      token: influencer.token,
      body: { influencerId: 'someone-else', subject: 'General Issue', message: 'Hi' },
    });
    expect(forSomeoneElse.status).toBe(403);

    const opened = await t.call('POST', '/api/influencer/queries', {
      token: influencer.token,
      body: { influencerId: influencer.id, subject: 'General Issue', message: 'My link 404s' },
    });
    expect(opened.status).toBe(201);
    const own = await t.call('GET', `/api/influencer/queries/${influencer.id}`, {
      token: influencer.token,
    });
    expect(own.body).toEqual({
      ok: true,
      items: [
        expect.objectContaining({
          subject: 'General Issue',
          message: 'My link 404s',
          status: 'open',
          influencerId: { _id: influencer.id, name: 'Querier' },
          replies: [],
        }),
      ],
    });
    const queryId = String((own.body.items as Array<{ _id: string }>)[0]?._id);

    const adminList = await t.call('GET', '/api/admin/influencer-queries', { token: admin });
    expect(adminList.body.items).toContainEqual(
      expect.objectContaining({
        _id: queryId,
        influencerId: { _id: influencer.id, name: 'Querier' },
      }),
    );
    const noText = await t.call('PUT', `/api/admin/influencer-queries/${queryId}/reply`, {
      token: admin,
      body: { reply: ' ' },
    });
    expect(noText.status).toBe(400);
    const progress = await t.call('PUT', `/api/admin/influencer-queries/${queryId}/reply`, {
      token: admin,
      body: { reply: 'Looking into it', status: 'in_progress' },
    });
    expect(progress.body.item).toMatchObject({ status: 'in_progress' });
    const done = await t.call('PUT', `/api/admin/influencer-queries/${queryId}/reply`, {
      token: admin,
      body: { reply: 'Fixed' },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      ok: true,
      message: 'Reply sent.',
      item: { status: 'resolved' },
    });
    const replies = (done.body.item as { replies: Array<{ body: string; by: string }> }).replies;
    expect(replies.map((r) => [r.body, r.by])).toEqual([
      ['Looking into it', 'admin'],
      ['Fixed', 'admin'],
    ]);
    const missing = await t.call('PUT', '/api/admin/influencer-queries/nope/reply', {
      token: admin,
      body: { reply: 'x' },
    });
    expect(missing.status).toBe(404);
  });
});
