import { randomUUID } from 'node:crypto';
import {
  type CommandMetadata,
  type MarkOrderPaid,
  orderDecider,
  orderStreamName,
  type PlaceOrder,
  resumePayloadSchema,
  userStreamName,
} from '@shortlist/domain';
import { placeOrderData, validResumePayload } from '@shortlist/domain/testing';
import type { EventStore } from '@shortlist/eventstore';
import { formatVerifyReport, verifyProjections } from '@shortlist/projections';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../auth/passwords';
import { handleCommand } from '../commands/handle-command';
import { emailReservationStreamName, registerAccount } from '../features/accounts/register-account';
import { post, registration, uniqueEmail } from '../testing/account-test-kit';
import { olderVersionStore } from '../testing/older-version-writer';
import { createTestApp, type TestApp } from '../testing/test-app';

/**
 * History that older versions stored with unpaired surrogates (`"\ud800"` in a JSON body passed
 * the contract then; sealed in a personal field, the ciphertext stored fine and every
 * projection of it failed, "invalid input syntax for type json"). Written here by the real
 * command handlers through the store those versions had (olderVersionStore), then read by this
 * version: it replays (repaired to U+FFFD), the events the older read side set aside can be
 * retried and then apply, and an e-mail held by a registration that never reached the read
 * model can register again.
 */
const opened: TestApp[] = [];

async function open(): Promise<TestApp> {
  const t = await createTestApp();
  opened.push(t);
  return t;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

const metadata = (actor: string): CommandMetadata => ({
  actor,
  correlationId: randomUUID(),
  causationId: null,
  now: new Date().toISOString(),
});

const BROKEN_NAME = 'Asha\ud800 Rao';
const REPAIRED_NAME = 'Asha\ufffd Rao';
const PASSWORD = 'correct horse 1';

/** What POST /register stored for a name with an unpaired surrogate, before the contract refused it. */
async function registerAsOlderVersion(store: EventStore, email: string) {
  return registerAccount({
    store,
    userId: randomUUID(),
    email,
    name: BROKEN_NAME,
    passwordHash: await hashPassword(PASSWORD),
    role: 'user',
    referral: null,
    metadata: metadata('anonymous'),
  });
}

/** What POST /resume and a captured payment stored for a form with an unpaired surrogate. */
async function paidOrderAsOlderVersion(store: EventStore, userId: string, email: string) {
  const orderId = randomUUID();
  const parsed = resumePayloadSchema.parse(validResumePayload());
  const resume = { ...parsed, personal: { ...parsed.personal, fullName: BROKEN_NAME } };
  const place: PlaceOrder = {
    type: 'PlaceOrder',
    data: placeOrderData({
      orderId,
      userId,
      userEmail: email,
      service: 'resume_from_scratch',
      currency: parsed.currency,
      resume,
      customerUploads: [{ fileId: randomUUID(), name: 'cv\ud83d.pdf' }],
    }),
    metadata: metadata(`user:${userId}`),
  };
  const streamName = orderStreamName(orderId);
  const placed = await handleCommand({ store, streamName, decider: orderDecider, command: place });
  const amount = placed.events[0]?.data.amount;
  const pay: MarkOrderPaid = {
    type: 'MarkOrderPaid',
    data: {
      paymentId: `pay_${orderId.slice(0, 8)}`,
      providerOrderId: `order_${orderId.slice(0, 8)}`,
      amount: typeof amount === 'number' ? amount : 0,
      currency: parsed.currency,
    },
    metadata: metadata('system:payments'),
  };
  const paid = await handleCommand({ store, streamName, decider: orderDecider, command: pay });
  if (paid.position === null) throw new Error('the order was not paid');
  return { orderId, position: paid.position };
}

/**
 * The older read side could not write these events and set them aside. This version repairs
 * the text before it gets that far, so a check on the repaired form stands in for the jsonb
 * error those versions hit: the same events are quarantined, at the same places.
 */
async function refuseAsOlderReadSide(t: TestApp) {
  await sql`alter table users add constraint older_read_side
    check (position(U&'\\FFFD' in name) = 0)`.execute(t.services.db);
  await sql`alter table orders add constraint older_read_side
    check (position(U&'\\FFFD' in resume::text) = 0)`.execute(t.services.db);
}

async function acceptAsThisVersion(t: TestApp) {
  await sql`alter table users drop constraint older_read_side`.execute(t.services.db);
  await sql`alter table orders drop constraint older_read_side`.execute(t.services.db);
}

async function asAdmin(t: TestApp, method: 'GET' | 'POST', url: string) {
  const token = await t.tokenFor({ id: randomUUID(), role: 'admin' });
  return t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
}

async function caughtUp(t: TestApp) {
  const head = await t.services.store.committedHeadPosition();
  if (head === null) return;
  expect(await t.services.waiter.waitFor(head, { timeoutMs: 60_000 })).toBe(true);
}

async function login(t: TestApp, email: string, password: string) {
  return post(t, '/login', { email, password });
}

async function historyOf(t: TestApp, email: string, token: string) {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/orders/history/${encodeURIComponent(email)}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().orders as { orderId: string; customerUploads: { name: string }[] }[];
}

describe('history stored with unpaired surrogates', () => {
  it('replays: the account signs in, the paid order is in the history and the admin list', async () => {
    const t = await open();
    const older = olderVersionStore(t);
    const email = uniqueEmail('asha');
    const account = await registerAsOlderVersion(older, email);
    const order = await paidOrderAsOlderVersion(older, account.userId, email);
    await caughtUp(t);

    const signedIn = await login(t, email, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ id: account.userId, name: REPAIRED_NAME });
    const history = await historyOf(t, email, signedIn.json().token);
    expect(history.map((item) => item.orderId)).toEqual([order.orderId]);
    expect(history[0]?.customerUploads.map((upload) => upload.name)).toEqual(['cv\ufffd.pdf']);

    const admin = await asAdmin(t, 'GET', `/api/admin/orders?q=${order.orderId}`);
    expect(admin.json().items.map((item: { id: string }) => item.id)).toEqual([order.orderId]);
    const users = await asAdmin(t, 'GET', `/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(users.json().items).toMatchObject([{ id: account.userId, name: REPAIRED_NAME }]);
    // A usable account keeps its e-mail.
    expect((await post(t, '/register', registration({ email }))).statusCode).toBe(409);

    const health = await asAdmin(t, 'GET', '/api/admin/health');
    expect(health.json().quarantine).toEqual({ count: 0, events: [] });
    const report = await verifyProjections({
      connectionString: t.databaseUrl,
      store: t.services.store,
    });
    expect(report.ok, formatVerifyReport(report).join('\n')).toBe(true);
  });

  it('the events the older read side set aside are retried and then apply', async () => {
    const t = await open();
    await refuseAsOlderReadSide(t);
    const older = olderVersionStore(t);
    const email = uniqueEmail('asha');
    const account = await registerAsOlderVersion(older, email);
    const order = await paidOrderAsOlderVersion(older, account.userId, email);
    await caughtUp(t);
    // What the older versions left: the sign-in refused, the order nowhere.
    expect((await login(t, email, PASSWORD)).statusCode).toBe(401);
    const quarantined = (await asAdmin(t, 'GET', '/api/admin/health')).json().quarantine;
    const setAside = quarantined.events.map((event: { projection: string; type: string }) => [
      event.projection,
      event.type,
    ]);
    expect(setAside).toEqual(
      expect.arrayContaining([
        ['users', 'UserRegistered'],
        ['orders', 'OrderPlaced'],
      ]),
    );

    await acceptAsThisVersion(t);
    for (const event of quarantined.events as { retryUrl: string }[]) {
      const retried = await asAdmin(t, 'POST', event.retryUrl);
      expect(retried.json(), retried.body).toMatchObject({ status: 'resolved' });
    }
    const signedIn = await login(t, email, PASSWORD);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.name).toBe(REPAIRED_NAME);
    const history = await historyOf(t, email, signedIn.json().token);
    expect(history.map((item) => item.orderId)).toEqual([order.orderId]);
    expect((await asAdmin(t, 'GET', '/api/admin/health')).json().quarantine.count).toBe(0);
  });

  it('an e-mail held by a registration that never reached the read model registers again', async () => {
    const t = await open();
    await refuseAsOlderReadSide(t);
    const email = uniqueEmail('asha');
    const stranded = await registerAsOlderVersion(olderVersionStore(t), email);
    await caughtUp(t);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(401);

    const again = await post(
      t,
      '/register',
      registration({ email, password: 'a new secret 2', cpassword: 'a new secret 2' }),
    );
    expect(again.statusCode, again.body).toBe(201);
    const newId = again.json().user.id;
    expect(newId).not.toBe(stranded.userId);
    expect((await login(t, email, 'a new secret 2')).statusCode).toBe(200);
    expect((await login(t, email, PASSWORD)).statusCode).toBe(401);
    const users = await asAdmin(t, 'GET', `/api/admin/users?q=${encodeURIComponent(email)}`);
    expect(users.json().items).toMatchObject([{ id: newId, email }]);
    // The e-mail now belongs to the new account, like any other.
    expect((await post(t, '/register', registration({ email }))).statusCode).toBe(409);

    // The stranded account is closed and its personal data shredded: replaying or retrying its
    // registration can never bring back a second account with this e-mail.
    const reservation = await t.services.store.readStream(emailReservationStreamName(email));
    expect(reservation.events.map((event) => [event.type, event.data])).toEqual([
      ['EmailReserved', { userId: stranded.userId }],
      ['EmailReservationTakenOver', { userId: newId, previousUserId: stranded.userId }],
    ]);
    const closed = await t.services.store.readStream(userStreamName(stranded.userId));
    expect(closed.events.map((event) => event.type)).toEqual(['UserRegistered', 'UserErased']);
    expect(closed.events[0]?.data).toMatchObject({ email: null, name: null });

    await acceptAsThisVersion(t);
    const [setAside] = (await asAdmin(t, 'GET', '/api/admin/health')).json().quarantine.events;
    expect((await asAdmin(t, 'POST', setAside.retryUrl)).json()).toMatchObject({
      status: 'resolved',
    });
    const rows = await t.services.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', 'in', [newId, stranded.userId])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { id: newId, email },
      { id: stranded.userId, email: null },
    ]);
    expect((await login(t, email, 'a new secret 2')).statusCode).toBe(200);
  });

  it('an account still on its way to the read model is never taken over', async () => {
    const t = await createTestApp({ env: { PROJECTION_WAIT_MS: '1000' } });
    opened.push(t);
    const email = uniqueEmail('race');
    // The users projection is held back (a long transaction elsewhere locks its table), so the
    // first registration is stored but not yet in the read model when the second one asks.
    const blocker = new pg.Client({ connectionString: t.databaseUrl });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const first = await registerAccount({
        store: t.services.store,
        userId: randomUUID(),
        email,
        name: 'Asha Verma',
        passwordHash: await hashPassword(PASSWORD),
        role: 'user',
        referral: null,
        metadata: metadata('anonymous'),
      });
      const second = await post(t, '/register', registration({ email }));
      expect(second.statusCode, second.body).toBe(409);
      await blocker.query('COMMIT');
      await caughtUp(t);
      const signedIn = await login(t, email, PASSWORD);
      expect(signedIn.json().user?.id).toBe(first.userId);
    } finally {
      await blocker.end();
    }
    const reservation = await t.services.store.readStream(emailReservationStreamName(email));
    expect(reservation.events.map((event) => event.type)).toEqual(['EmailReserved']);
  });
});
