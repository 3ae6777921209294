import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../projection';
import { createProjectionTestContext, newEvent, type ProjectionTestContext } from '../testing';
import {
  applyBatch,
  CHECKPOINT_CHANNEL,
  CheckpointMovedError,
  readCheckpoint,
  resetProjection,
} from './checkpoints';

let ctx: ProjectionTestContext;
let listener: pg.Client;
const notifications: { name: string; position: string | null }[] = [];

beforeAll(async () => {
  ctx = await createProjectionTestContext('skip');
  await sql`create table wanted_rows (position text not null)`.execute(ctx.db);
  await ctx.db
    .insertInto('projection_checkpoints')
    .values({ name: 'wanted', position: null, version: 1 })
    .execute();
  listener = new pg.Client({ connectionString: ctx.url });
  await listener.connect();
  listener.on('notification', (message) => {
    notifications.push(JSON.parse(message.payload ?? '{}'));
  });
  await listener.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
});

afterAll(async () => {
  await listener?.end();
  await ctx?.drop();
});

// Reads only 'Wanted' events: every other batch is one it has nothing to do with.
const wanted: Projection = {
  name: 'wanted',
  version: 1,
  tables: ['wanted_rows'],
  handles: ['Wanted'],
  async apply(trx, events) {
    for (const event of events) {
      await sql`insert into wanted_rows values (${event.position})`.execute(trx);
    }
  },
};

async function appended(...types: string[]) {
  const before = await ctx.store.headPosition();
  for (const type of types) await ctx.store.append(`s-${type}`, [newEvent(type)]);
  return ctx.store.readAll({ after: before, limit: 100 });
}

const rows = async () => (await sql`select position from wanted_rows`.execute(ctx.db)).rows.length;

const notified = (position: string) =>
  expect.poll(() => notifications.some((note) => note.position === position)).toBe(true);

describe('a batch the projection does not read', () => {
  it('moves the checkpoint and tells the waiters, writing no row', async () => {
    const batch = await appended('Other', 'Other');
    const last = batch.at(-1)?.position ?? '';
    expect(await applyBatch(ctx.db, wanted, null, batch)).toBe(last);
    expect((await readCheckpoint(ctx.db, 'wanted'))?.position).toBe(last);
    expect(await rows()).toBe(0);
    await notified(last);

    // A batch with one event it reads goes through the projection as before.
    const mixed = await appended('Other', 'Wanted');
    const mixedLast = mixed.at(-1)?.position ?? '';
    expect(await applyBatch(ctx.db, wanted, last, mixed)).toBe(mixedLast);
    expect(await rows()).toBe(1);
    await notified(mixedLast);
  });

  it('refuses to move a checkpoint that is not where the runner left it (a rebuild reset it)', async () => {
    const stale = (await readCheckpoint(ctx.db, 'wanted'))?.position ?? null;
    await ctx.db.transaction().execute((trx) => resetProjection(trx, wanted));
    const batch = await appended('Other');
    await expect(applyBatch(ctx.db, wanted, stale, batch)).rejects.toBeInstanceOf(
      CheckpointMovedError,
    );
    expect((await readCheckpoint(ctx.db, 'wanted'))?.position).toBeNull();
  });
});
