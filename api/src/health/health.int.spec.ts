import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@shortlist/eventstore';
import { allProjections, PROJECTION_NAMES } from '@shortlist/projections';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

const opened: TestApp[] = [];

async function open(options: Parameters<typeof createTestApp>[0] = {}): Promise<TestApp> {
  const t = await createTestApp(options);
  opened.push(t);
  return t;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((t) => t.close()));
});

function events(count: number): NewEvent[] {
  return Array.from({ length: count }, () => ({
    id: randomUUID(),
    type: 'Probed',
    data: {},
    metadata: {
      actor: 'system:test',
      correlationId: 'c',
      causationId: null,
      at: new Date().toISOString(),
    },
  }));
}

function everyProjection<T>(value: T): Record<string, T> {
  return Object.fromEntries(allProjections().map((projection) => [projection.name, value]));
}

async function adminHealth(t: TestApp) {
  const token = await t.tokenFor({ id: randomUUID(), role: 'admin' });
  return t.app.inject({
    method: 'GET',
    url: '/api/admin/health',
    headers: { authorization: `Bearer ${token}` },
  });
}

async function until<T>(probe: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/health (public)', () => {
  it('tells anyone up or down, and nothing else', async () => {
    const t = await open();
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, events(2));
    await t.app.waitForProjections(position, PROJECTION_NAMES);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    // Exactly these two fields: no positions, no projection names, no error text.
    expect(response.json()).toEqual({ ok: true, status: 'up' });
  });

  it('is 503 down when the database goes away, without saying why', async () => {
    const t = await open({ runProjections: false });
    const admin = new pg.Client({
      // The server the test databases live on (an embedded one on a machine without PostgreSQL).
      connectionString:
        process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    });
    await admin.connect();
    try {
      const name = new URL(t.databaseUrl).pathname.slice(1);
      await admin.query(`DROP DATABASE "${name}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ ok: false, status: 'down' });
    expect(response.body).not.toMatch(/database|projection|checkpoint|error/i);
  });
});

describe('GET /api/admin/health', () => {
  it('is for admins only', async () => {
    const t = await open({ runProjections: false });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/health' });
    expect(anonymous.statusCode).toBe(401);
    const customer = await t.tokenFor({ id: randomUUID(), role: 'user' });
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/health',
      headers: { authorization: `Bearer ${customer}` },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.body).not.toContain('checkpoints');
  });

  it('shows an admin every part and every projection at the head', async () => {
    const t = await open();
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, events(2));
    await t.app.waitForProjections(position, PROJECTION_NAMES);
    const response = await adminHealth(t);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      status: 'up',
      database: 'up',
      eventStore: 'up',
      projections: {
        status: 'up',
        lag: 0,
        head: position,
        checkpoints: everyProjection({ position, lag: 0, quarantined: 0 }),
        failing: [],
      },
      quarantine: { count: 0, events: [] },
    });
  });

  it('counts the events a projection has still to apply', async () => {
    const t = await open({ runProjections: false });
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, events(3));
    // Readers see an event once every transaction that might precede it has ended, cluster-wide
    // (see the PostgreSQL adapter), so under parallel tests the head can trail for a moment.
    const response = await until(async () => {
      const answer = await adminHealth(t);
      return answer.json().projections.head === position ? answer : null;
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().projections).toMatchObject({
      status: 'up',
      lag: 3,
      checkpoints: everyProjection({ position: null, lag: 3, quarantined: 0 }),
    });
  });
});
