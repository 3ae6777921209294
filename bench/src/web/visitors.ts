import { BENCH_ADMIN } from '../api-bench-server';
import { expectStatus, loopbackAddress, requestJson } from '../api-http';
import { resumeFor } from '../api-seed';
import type { SessionStorageSeed } from './page-load';

/** The signed-in visits the bench makes, as session storage the apps read on start. */
export interface Visitors {
  customer: SessionStorageSeed;
  /** An order of that customer's that is placed and not paid: what checkout shows. */
  unpaidOrderId: string;
  admin: SessionStorageSeed;
  influencer: SessionStorageSeed;
}

interface SessionAnswer {
  token: string;
  user: { id: string; email: string; name: string; role: string };
}

// SPEC §3 storage keys (web-kit's STORAGE_KEYS): the token and the user as JSON.
const customerSession = (answer: SessionAnswer): SessionStorageSeed => ({
  token: answer.token,
  user: JSON.stringify(answer.user),
});

/**
 * A customer with an unpaid resume order, the admin `npm start` creates from its environment,
 * and an influencer the admin creates: each signs in through the API as the apps do.
 */
export async function prepareVisitors(url: string): Promise<Visitors> {
  const from = loopbackAddress(200);
  const password = 'bench-web-pass-1';
  const registered = expectStatus(
    await requestJson<SessionAnswer>(`${url}/api/register`, {
      body: { name: 'Web Bench', email: 'web@bench.test', password, cpassword: password },
      from,
    }),
    201,
    'register the customer',
  );
  const order = expectStatus(
    await requestJson<{ orderId: string }>(`${url}/api/resume`, {
      body: resumeFor({
        email: registered.user.email,
        password,
        token: registered.token,
        id: registered.user.id,
      }),
      token: registered.token,
      from,
    }),
    201,
    'place an unpaid resume order',
  );

  const admin = expectStatus(
    await requestJson<SessionAnswer>(`${url}/api/login`, { body: BENCH_ADMIN, from }),
    200,
    'admin login',
  );
  const influencerLogin = { email: 'creator@bench.test', password: 'bench-creator-1' };
  expectStatus(
    await requestJson(`${url}/api/admin/influencers`, {
      body: { name: 'Bench Creator', ...influencerLogin },
      token: admin.token,
      from,
    }),
    201,
    'create an influencer',
  );
  const influencer = expectStatus(
    await requestJson<{ token: string; influencer: { id: string; name: string; email: string } }>(
      `${url}/api/influencer/login`,
      { body: influencerLogin, from },
    ),
    200,
    'influencer login',
  );

  return {
    customer: customerSession(registered),
    unpaidOrderId: order.orderId,
    admin: customerSession(admin),
    influencer: {
      influencerToken: influencer.token,
      influencerId: influencer.influencer.id,
      influencerName: influencer.influencer.name,
      influencerEmail: influencer.influencer.email,
    },
  };
}
