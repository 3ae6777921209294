import type { Position } from '@shortlist/eventstore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Subscribers } from '../engine/subscriber';
import { silentLogger } from '../logger';
import { rebuildProjection } from '../maintenance/rebuild';
import { verifyProjections } from '../maintenance/verify';
import type { Projection } from '../projection';
import { startProjectors } from '../projector/projector';
import { createProjectionTestContext, newEvent, type ProjectionTestContext } from '../testing';
import { usersProjection } from '../users/users.projection';
import { listQuarantinedEvents, retryQuarantinedEvent } from './quarantine';

let ctx: ProjectionTestContext;
let runner: Subscribers | null = null;
let lastAppended: Position | null = null;

/** The users projection, except that it throws on one chosen event while `broken` is set. */
let broken = true;
let poisonId = '';
const flakyUsers: Projection = {
  ...usersProjection,
  async apply(trx, events) {
    if (broken && events.some((event) => event.id === poisonId)) {
      throw new Error('users projector cannot apply this event');
    }
    await usersProjection.apply(trx, events);
  },
};

beforeAll(async () => {
  ctx = await createProjectionTestContext('quarantine');
});

afterAll(async () => {
  await runner?.stop();
  await ctx.drop();
});

const eventually = (assertion: () => unknown) =>
  vi.waitFor(assertion, { timeout: 30_000, interval: 25 });

async function register(userId: string): Promise<string> {
  const event = newEvent('UserRegistered', {
    userId,
    email: `${userId}@example.com`,
    name: userId,
    passwordHash: 'hash',
    role: 'user',
    referral: null,
  });
  lastAppended = (await ctx.store.append(`user-${userId}`, [event])).position;
  return event.id;
}

async function checkpoint(): Promise<Position | null | undefined> {
  const row = await ctx.db
    .selectFrom('projection_checkpoints')
    .select('position')
    .where('name', '=', 'users')
    .executeTakeFirst();
  return row?.position;
}

async function userIds(): Promise<string[]> {
  const rows = await ctx.db.selectFrom('users').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

const verify = () =>
  verifyProjections({ connectionString: ctx.url, store: ctx.store, projections: [flakyUsers] });

describe('quarantine', () => {
  it('sets aside an event that keeps failing, and later events flow on', async () => {
    await register('u1');
    poisonId = await register('u2');
    await register('u3');
    runner = startProjectors({
      store: ctx.store,
      db: ctx.newDb(),
      projections: [flakyUsers],
      logger: silentLogger,
      backoff: { initialMs: 20, maxMs: 100 },
      quarantineAfterAttempts: 3,
    });
    await eventually(async () => expect(await checkpoint()).toBe(lastAppended));
    expect(await userIds()).toEqual(['u1', 'u3']);

    const [row, ...others] = await listQuarantinedEvents(ctx.db);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      projection: 'users',
      event_id: poisonId,
      stream_name: 'user-u2',
      stream_version: 0,
      type: 'UserRegistered',
      error: 'users projector cannot apply this event',
      resolved_at: null,
    });
    // Three tries of the batch, then two of the event alone.
    expect(row?.attempts).toBe(5);
    expect(runner.status()[0]).toMatchObject({ state: 'active', failures: 0, lastError: null });

    // Live appends after it are applied too.
    await register('u4');
    await eventually(async () => expect(await checkpoint()).toBe(lastAppended));
    expect(await userIds()).toEqual(['u1', 'u3', 'u4']);
  });

  it('verify replays the same way: the quarantined event is absent on both sides', async () => {
    const report = await verify();
    expect(report.ok).toBe(true);
    expect(report.projections[0]).toMatchObject({ name: 'users', quarantined: 1 });
  });

  it('a retry that still fails keeps the event quarantined with the new error', async () => {
    const [row] = await listQuarantinedEvents(ctx.db);
    if (row === undefined) throw new Error('expected a quarantined event');
    const result = await retryQuarantinedEvent({
      db: ctx.db,
      store: ctx.store,
      projections: [flakyUsers],
      id: row.id,
    });
    expect(result).toMatchObject({
      status: 'failed',
      error: 'users projector cannot apply this event',
      event: { id: row.id, attempts: 6, resolved_at: null },
    });
    expect(await userIds()).toEqual(['u1', 'u3', 'u4']);
  });

  it('a retry after the cause is removed applies the event and resolves it', async () => {
    const [row] = await listQuarantinedEvents(ctx.db);
    if (row === undefined) throw new Error('expected a quarantined event');
    broken = false;
    const retry = () =>
      retryQuarantinedEvent({
        db: ctx.db,
        store: ctx.store,
        projections: [flakyUsers],
        id: row.id,
      });
    const result = await retry();
    expect(result.status).toBe('resolved');
    expect(result.status === 'resolved' && result.event.resolved_at).toBeInstanceOf(Date);
    expect(await userIds()).toEqual(['u1', 'u2', 'u3', 'u4']);
    expect(await listQuarantinedEvents(ctx.db)).toEqual([]);
    // Applied once: a second retry finds nothing open.
    expect(await retry()).toEqual({ status: 'not_found' });

    const report = await verify();
    expect(report.ok).toBe(true);
    expect(report.projections[0]?.quarantined).toBe(0);
  });

  it('a rebuild replays in order: what still fails is quarantined again, the rest resolved', async () => {
    await runner?.stop();
    runner = null;
    broken = true;
    const first = await rebuildProjection({ db: ctx.db, store: ctx.store, projection: flakyUsers });
    expect(first).toMatchObject({ mode: 'inline', position: lastAppended });
    expect(await userIds()).toEqual(['u1', 'u3', 'u4']);
    const reopened = await listQuarantinedEvents(ctx.db);
    expect(reopened.map((row) => [row.event_id, row.resolved_at])).toEqual([[poisonId, null]]);

    broken = false;
    await rebuildProjection({ db: ctx.db, store: ctx.store, projection: flakyUsers });
    expect(await userIds()).toEqual(['u1', 'u2', 'u3', 'u4']);
    expect(await listQuarantinedEvents(ctx.db)).toEqual([]);
    expect((await verify()).ok).toBe(true);
  });

  it('an event of a known type whose payload does not decode is quarantined; later ones flow on', async () => {
    await runner?.stop();
    const malformed = newEvent('UserRegistered', {
      userId: 'u5',
      email: 'u5@example.com',
      name: 'u5',
      passwordHash: 'hash',
      role: 'superuser',
      referral: null,
    });
    await ctx.store.append('user-u5', [malformed]);
    await register('u6');
    runner = startProjectors({
      store: ctx.store,
      db: ctx.newDb(),
      projections: [usersProjection],
      logger: silentLogger,
      backoff: { initialMs: 20, maxMs: 100 },
      quarantineAfterAttempts: 2,
    });
    await eventually(async () => expect(await checkpoint()).toBe(lastAppended));
    expect(await userIds()).toEqual(['u1', 'u2', 'u3', 'u4', 'u6']);
    const [row, ...others] = await listQuarantinedEvents(ctx.db);
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      event_id: malformed.id,
      type: 'UserRegistered',
      resolved_at: null,
    });
    expect(row?.error).toMatch(/^Malformed UserRegistered event .*: role: /);
  });
});
