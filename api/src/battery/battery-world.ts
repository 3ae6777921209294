import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createInfluencerTestApp, type InfluencerTestApp } from '../testing/influencer-test-kit';

/** Who calls: nobody, two customers, an admin and two influencers. */
export const CALLERS = [
  'anonymous',
  'customer',
  'otherCustomer',
  'admin',
  'influencer',
  'otherInfluencer',
] as const;
export type Caller = (typeof CALLERS)[number];

interface SeededInfluencer {
  id: string;
  name: string;
  email: string;
  code: string;
  token: string;
}

interface SeededCustomer {
  id: string;
  name: string;
  email: string;
  token: string;
  /** Paid (it earned the influencer's reward) and unpaid orders. */
  orderIds: string[];
}

/**
 * The data the battery attacks, made through the real routes where one exists: two influencers
 * created by the admin and signed in; a customer registered with the first influencer's code
 * whose paid order credits that influencer's ledger; the influencer's query to the admin and a
 * payout request with payee details; a customer contact message; and another customer with
 * orders of their own. The `*Secrets` are the values only their owners (and the admin) may see.
 */
export interface BatteryWorld {
  kit: InfluencerTestApp;
  adminToken: string;
  influencer: SeededInfluencer;
  otherInfluencer: SeededInfluencer;
  customer: SeededCustomer;
  otherCustomer: SeededCustomer;
  payoutId: string;
  influencerQueryId: string;
  contactQueryId: string;
  /** The influencer's own: name, e-mail, referral code, payee details, query text. */
  influencerSecrets: string[];
  /** The customer's own: name, e-mail, contact message (their influencer sees the e-mail). */
  customerSecrets: string[];
  headersOf(caller: Caller): Record<string, string>;
}

const PASSWORD = 'correct horse 1';

export async function createBatteryWorld(): Promise<BatteryWorld> {
  const kit = await createInfluencerTestApp();
  const adminToken = await kit.adminToken();

  const createInfluencer = async (name: string, email: string): Promise<SeededInfluencer> => {
    const created = await kit.call('POST', '/api/admin/influencers', {
      token: adminToken,
      body: { name, email, password: PASSWORD },
    });
    expect(created.status).toBe(201);
    const item = created.body.item as { _id: string; referralCode: string };
    const login = await kit.call('POST', '/api/influencer/login', {
      body: { email, password: PASSWORD },
    });
    expect(login.status).toBe(200);
    return { id: item._id, name, email, code: item.referralCode, token: String(login.body.token) };
  };
  const influencer = await createInfluencer('Kiranmayi Devarakonda', 'kiranmayi@influencers.test');
  const otherInfluencer = await createInfluencer('Mira Rao', 'mira@influencers.test');

  const registerCustomer = async (
    name: string,
    email: string,
    referralCode: string | null,
  ): Promise<SeededCustomer> => {
    const registered = await kit.call('POST', '/api/register', {
      body: {
        name,
        email,
        password: PASSWORD,
        cpassword: PASSWORD,
        ...(referralCode === null ? {} : { referralCode }),
      },
    });
    expect(registered.status).toBe(201);
    const user = registered.body.user as { id: string };
    return { id: user.id, name, email, token: String(registered.body.token), orderIds: [] };
  };
  const customer = await registerCustomer(
    'Anvitha Ownerkar',
    'anvitha.ownerkar@customers.test',
    influencer.code,
  );
  const otherCustomer = await registerCustomer('Bhavesh Other', 'bhavesh@customers.test', null);

  for (const person of [customer, otherCustomer]) {
    const paid = await kit.placeOrder(person.id, person.email, 'resume_review');
    await kit.payOrder(paid, 'resume_review');
    const unpaid = await kit.placeOrder(person.id, person.email, 'resume_rewrite');
    person.orderIds.push(paid, unpaid);
  }

  const query = await kit.call('POST', '/api/influencer/queries', {
    token: influencer.token,
    body: {
      influencerId: influencer.id,
      subject: 'Zebraquartz campaign',
      message: 'Xylophonemango reach question',
    },
  });
  expect(query.status).toBe(201);
  const influencerQueryId = String((query.body.item as { _id?: string; id?: string })._id ?? '');

  const contact = await kit.call('POST', '/api/queries', {
    token: customer.token,
    body: {
      pid: customer.id,
      contactemail: customer.email,
      contactmessage: 'Marigoldquasar refund question',
    },
  });
  expect(contact.status).toBe(201);

  // The ledger refuses payouts below 50 registrations, so the request is appended as the
  // decider would have recorded it: the battery needs payee details on record, not the rule.
  const payoutId = randomUUID();
  const payee = {
    payeeName: 'Ramanathan Payeeson',
    mobile: '9876501234',
    bankName: 'Bank of Ownerpur',
    upiId: 'ramanathan.payee@okaxis',
  };
  await kit.seedLedger(influencer.id, [['PayoutRequested', { payoutId, amount: 50, ...payee }]]);
  await kit.settle();

  const contactQueries = await kit.call('GET', '/api/admin/queries', { token: adminToken });
  const contactQueryId = String(
    (contactQueries.body.items as Array<{ _id?: string; id?: string }> | undefined)?.[0]?._id ?? '',
  );

  const tokens: Record<Caller, string | null> = {
    anonymous: null,
    customer: customer.token,
    otherCustomer: otherCustomer.token,
    admin: adminToken,
    influencer: influencer.token,
    otherInfluencer: otherInfluencer.token,
  };
  return {
    kit,
    adminToken,
    influencer,
    otherInfluencer,
    customer,
    otherCustomer,
    payoutId,
    influencerQueryId,
    contactQueryId,
    influencerSecrets: [
      influencer.name,
      influencer.email,
      influencer.code,
      ...Object.values(payee),
      'Zebraquartz',
      'Xylophonemango',
    ],
    customerSecrets: [customer.name, customer.email, 'Marigoldquasar'],
    headersOf: (caller): Record<string, string> => {
      const token = tokens[caller];
      return token === null ? {} : { authorization: `Bearer ${token}` };
    },
  };
}
