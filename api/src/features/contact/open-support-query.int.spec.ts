import { CONTACT_MESSAGES } from '@shortlist/domain/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let pool: pg.Pool;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
  pool = new pg.Pool({ connectionString: t.databaseUrl, max: 2 });
});

afterAll(async () => {
  await pool?.end();
  await t?.close();
});

function send(body: Record<string, unknown>, ip?: string) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/queries',
    remoteAddress: ip ?? `10.9.0.${address}`,
    payload: body,
  });
}

async function queryRowsFor(email: string) {
  return t.services.db.selectFrom('queries').selectAll().where('email', '=', email).execute();
}

describe('POST /queries', () => {
  it('opens a support query and answers with the SPEC message', async () => {
    const response = await send({
      pid: ' u-123 ',
      contactemail: ' Asha@Example.com ',
      contactmessage: 'Where is my resume?',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'We have received your query and will get back to you ASAP.',
    });
    await expect.poll(async () => (await queryRowsFor('asha@example.com')).length).toBe(1);
    const [row] = await queryRowsFor('asha@example.com');
    expect(row).toMatchObject({
      pid: 'u-123',
      message: 'Where is my resume?',
      status: 'open',
      replies: [],
      deleted: false,
    });
  });

  it('accepts a visitor without a profile id', async () => {
    for (const pid of [undefined, '', '   ', null]) {
      const email = `visitor-${String(pid).trim() || 'blank'}@example.com`;
      const response = await send({ pid, contactemail: email, contactmessage: 'Hello' });
      expect(response.statusCode).toBe(201);
    }
    await expect.poll(async () => (await queryRowsFor('visitor-blank@example.com')).length).toBe(2);
    const rows = await queryRowsFor('visitor-undefined@example.com');
    expect(rows[0]?.pid).toBeNull();
  });

  it.each([
    ['nothing', {}, CONTACT_MESSAGES.emailAndMessageRequired],
    ['no message', { contactemail: 'a@example.com' }, CONTACT_MESSAGES.emailAndMessageRequired],
    [
      'a blank message',
      { contactemail: 'a@example.com', contactmessage: '  ' },
      CONTACT_MESSAGES.emailAndMessageRequired,
    ],
    ['no e-mail', { contactmessage: 'Hello' }, CONTACT_MESSAGES.emailAndMessageRequired],
    [
      'a malformed e-mail',
      { contactemail: 'nope', contactmessage: 'Hello' },
      CONTACT_MESSAGES.invalidEmail,
    ],
    [
      'a message over 5000 characters',
      { contactemail: 'a@example.com', contactmessage: 'x'.repeat(5001) },
      CONTACT_MESSAGES.messageTooLong,
    ],
  ])('refuses %s', async (_case, body, message) => {
    const response = await send(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('keeps the e-mail and the message out of the event store in clear', async () => {
    const email = 'private.person@example.com';
    expect(
      (await send({ pid: 'u-777', contactemail: email, contactmessage: 'My secret question' }))
        .statusCode,
    ).toBe(201);
    const { rows } = await pool.query<{ text: string }>(
      "SELECT data::text AS text FROM eventstore.events WHERE type = 'QueryOpened'",
    );
    const everything = rows.map((row) => row.text).join('\n');
    expect(rows.length).toBeGreaterThan(0);
    expect(everything).not.toContain(email);
    expect(everything).not.toContain('My secret question');
    expect(everything).not.toContain('u-777');
  });

  it('answers 429 after 5 queries a minute from one address', async () => {
    const ip = '192.0.2.55';
    const body = { contactemail: 'busy@example.com', contactmessage: 'Hello again' };
    for (let i = 0; i < 5; i += 1) expect((await send(body, ip)).statusCode).toBe(201);
    const limited = await send(body, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: CONTACT_MESSAGES.tooManyAttempts });
  });
});
