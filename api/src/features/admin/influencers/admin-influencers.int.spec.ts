import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createInfluencerTestApp,
  type InfluencerTestApp,
} from '../../../testing/influencer-test-kit';

let t: InfluencerTestApp;
let admin: string;

beforeAll(async () => {
  t = await createInfluencerTestApp();
  admin = await t.adminToken();
});

afterAll(async () => {
  await t?.close();
});

interface Item {
  _id: string;
  name: string;
  email: string;
  referralCode: string;
  referralLink: string;
  stats: Record<string, unknown>;
}

const create = (body: Record<string, string>) =>
  t.call('POST', '/api/admin/influencers', { token: admin, body });
const login = (email: string, password: string) =>
  t.call('POST', '/api/influencer/login', { body: { email, password } });

/** Every text value of every row in every table of the database, schemas included. */
async function databaseContains(needle: string): Promise<string[]> {
  const tables = await sql<{ schema: string; name: string }>`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
  `.execute(t.services.db);
  const found: string[] = [];
  for (const { schema, name } of tables.rows) {
    const hits = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(`${schema}.${name}`)} AS r
      WHERE to_jsonb(r)::text LIKE ${`%${needle}%`}
    `.execute(t.services.db);
    if ((hits.rows[0]?.n ?? 0) > 0) found.push(`${schema}.${name}`);
  }
  return found;
}

describe('admin influencers', () => {
  it('creates an influencer who logs in with the password shown once; it is stored nowhere', async () => {
    const password = 'Plain-Secret-7731';
    const created = await create({ name: 'Kiran Das', email: ' Kiran@Example.com ', password });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ message: 'Influencer created', plainPassword: password });
    const item = created.body.item as Item;
    expect(item).toMatchObject({
      name: 'Kiran Das',
      email: 'kiran@example.com',
      stats: { usersReferred: 0, orders: 0, balance: 0, eligible: false },
    });
    expect(item.referralCode).toMatch(/^KIRAND[A-Z2-9]{4}$/);
    expect(item.referralLink).toBe(`https://shortlist.test/register?ref=${item.referralCode}`);
    expect((await login('kiran@example.com', password)).status).toBe(200);

    // Not in the events (encrypted or not), the read models, the key vault or the logs. The
    // control shows the scan does see the read models' plain columns.
    expect(await databaseContains('kiran@example.com')).toContain('public.influencers');
    expect(await databaseContains(password)).toEqual([]);
    expect(t.logs.lines.some((line) => line.includes(password))).toBe(false);
    // The list never carries a password either.
    const listed = await t.call('GET', '/api/admin/influencers', { token: admin });
    expect(JSON.stringify(listed.body)).not.toContain(password);
  });

  it('asks for every field and refuses a taken e-mail', async () => {
    expect(await create({ name: 'X', email: 'x@example.com' })).toEqual({
      status: 400,
      body: { message: 'Fill all fields' },
    });
    expect(await create({ name: ' ', email: 'x@example.com', password: 'long-enough' })).toEqual({
      status: 400,
      body: { message: 'Fill all fields' },
    });
    expect((await create({ name: 'X', email: 'x@example.com', password: 'short' })).body).toEqual({
      message: 'Minimum 8 characters.',
    });
    const taken = await create({
      name: 'Other',
      email: 'KIRAN@example.com',
      password: 'another-pass',
    });
    expect(taken).toEqual({
      status: 409,
      body: { message: 'An influencer with this email already exists.' },
    });
  });

  it('gives concurrent creations of one e-mail to exactly one influencer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        create({ name: `Twin ${i}`, email: 'twin@example.com', password: 'twin-pass-1' }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('searches by name, e-mail or code', async () => {
    const created = await create({
      name: 'Meera Iyer',
      email: 'meera@example.com',
      password: 'meera-pass',
    });
    const item = created.body.item as Item;
    for (const q of ['meera', 'MEERA@EXAMPLE', item.referralCode.toLowerCase()]) {
      const found = await t.call('GET', `/api/admin/influencers?q=${encodeURIComponent(q)}`, {
        token: admin,
      });
      expect((found.body.items as Item[]).map((i) => i._id)).toEqual([item._id]);
    }
    const none = await t.call('GET', '/api/admin/influencers?q=%25', { token: admin });
    expect(none.body.items).toEqual([]);
  });

  it('resets a password: the new one works, the old one no longer does', async () => {
    const created = await create({
      name: 'Reset Me',
      email: 'reset@example.com',
      password: 'old-pass-1',
    });
    const id = (created.body.item as Item)._id;
    const empty = await t.call('PATCH', `/api/admin/influencers/${id}/password`, {
      token: admin,
      body: { password: '' },
    });
    expect(empty).toEqual({ status: 400, body: { message: 'Please enter a password.' } });
    const reset = await t.call('PATCH', `/api/admin/influencers/${id}/password`, {
      token: admin,
      body: { password: 'new-pass-22' },
    });
    expect(reset).toEqual({
      status: 200,
      body: { message: 'Password updated', plainPassword: 'new-pass-22' },
    });
    expect((await login('reset@example.com', 'old-pass-1')).status).toBe(401);
    expect((await login('reset@example.com', 'new-pass-22')).status).toBe(200);
    expect(await databaseContains('new-pass-22')).toEqual([]);
  });

  it('deletes: login refused, old token logged out, e-mail free again', async () => {
    const created = await create({ name: 'Bye', email: 'bye@example.com', password: 'bye-pass-1' });
    const id = (created.body.item as Item)._id;
    const token = String((await login('bye@example.com', 'bye-pass-1')).body.token);
    expect(await t.call('DELETE', `/api/admin/influencers/${id}`, { token: admin })).toEqual({
      status: 200,
      body: { message: 'Deleted' },
    });
    expect((await login('bye@example.com', 'bye-pass-1')).body).toEqual({
      message: 'Invalid login',
    });
    expect((await t.call('GET', '/api/influencer/dashboard', { token })).status).toBe(401);
    const list = await t.call('GET', '/api/admin/influencers', { token: admin });
    expect((list.body.items as Item[]).some((i) => i._id === id)).toBe(false);
    expect((await t.call('DELETE', `/api/admin/influencers/${id}`, { token: admin })).status).toBe(
      410,
    );
    expect(
      (await t.call('DELETE', '/api/admin/influencers/unknown-id', { token: admin })).status,
    ).toBe(404);
    const again = await create({
      name: 'Bye Again',
      email: 'bye@example.com',
      password: 'bye-pass-2',
    });
    expect(again.status).toBe(201);
    expect((again.body.item as Item).referralCode).not.toBe(
      (created.body.item as Item).referralCode,
    );
  });

  it('is for admins only', async () => {
    const influencer = await t.tokenFor({ id: 'i-1', role: 'influencer' });
    const customer = await t.tokenFor({ id: 'u-1', role: 'user' });
    for (const url of [
      '/api/admin/influencers',
      '/api/admin/influencer-queries',
      '/api/admin/influencer-payouts',
    ]) {
      expect((await t.call('GET', url)).status).toBe(401);
      for (const token of [influencer, customer]) {
        expect((await t.call('GET', url, { token })).status).toBe(403);
      }
    }
  });
});
