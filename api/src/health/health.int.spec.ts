import { randomUUID } from 'node:crypto';
import type { NewEvent } from '@shortlist/eventstore';
import { allProjections } from '@shortlist/projections';
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

async function until<T>(probe: () => Promise<T | null>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/health', () => {
  it('is 200 when everything is up and the projections are at the head', async () => {
    const t = await open();
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, events(2));
    await t.app.waitForProjections(position);
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      ok: true,
      database: 'up',
      eventStore: 'up',
      projections: {
        status: 'up',
        lag: 0,
        head: position,
        checkpoints: everyProjection({ position, lag: 0 }),
        failing: [],
      },
    });
  });

  it('counts the events a projection has still to apply', async () => {
    const t = await open({ runProjections: false });
    const { position } = await t.services.store.append(`probe-${randomUUID()}`, events(3));
    // Readers see an event once every transaction that might precede it has ended, cluster-wide
    // (see the PostgreSQL adapter), so under parallel tests the head can trail for a moment.
    const response = await until(async () => {
      const answer = await t.app.inject({ method: 'GET', url: '/api/health' });
      return answer.json().projections.head === position ? answer : null;
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().projections).toMatchObject({
      status: 'up',
      lag: 3,
      checkpoints: everyProjection({ position: null, lag: 3 }),
    });
  });

  it('is 503 and says what is down when the database goes away', async () => {
    const t = await open({ runProjections: false });
    const admin = new pg.Client({
      connectionString: 'postgres://postgres@127.0.0.1:5432/postgres',
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
    expect(response.json()).toMatchObject({
      ok: false,
      database: 'down',
      eventStore: 'down',
      projections: { status: 'down' },
    });
  });
});
