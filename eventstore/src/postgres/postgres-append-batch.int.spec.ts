import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DuplicateEventIdsError,
  type EventStore,
  type NewEvent,
  WrongExpectedVersionError,
} from '../event-store.port';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createPostgresEventStore } from './postgres-event-store.adapter';
import { decodePostgresPosition } from './postgres-position.codec';
import { migratePostgresEventStore } from './postgres-schema.migration';

/*
 * Appends that queue behind one in flight go together in one transaction (append_batch). With
 * one append in flight at a time, appends started together are certain to share it: the first
 * goes alone, the others wait for it and then go as one batch.
 */
let database: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('es_batch');
  await migratePostgresEventStore(database.url);
  store = createPostgresEventStore(
    { connectionString: database.url, poolMax: 4 },
    { appendsInFlight: 1 },
  );
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

const event = (id: string = randomUUID()): NewEvent => ({
  id,
  type: 'Happened',
  data: { n: 1 },
  metadata: { actor: 'test' },
});

const transactionOf = (position: string) => decodePostgresPosition(position).transactionId;

describe('appends batched into one transaction', () => {
  it('appends to many streams, each checked and answered on its own', async () => {
    const names = Array.from({ length: 6 }, () => `s-${randomUUID()}`);
    await store.append(names[1] as string, [event()]);
    const results = await Promise.all(
      names.map((name, index) =>
        store.append(name, [event(), event()], { expectedVersion: index === 1 ? 0 : -1 }),
      ),
    );
    // Every append but the first went in one transaction.
    expect(new Set(results.slice(1).map((result) => transactionOf(result.position))).size).toBe(1);
    expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 2, 1, 1, 1, 1]);
    for (const [index, name] of names.entries()) {
      const { events, currentVersion } = await store.readStream(name);
      expect(currentVersion).toBe(index === 1 ? 2 : 1);
      expect(events.at(-1)?.position).toBe(results[index]?.position);
    }
  });

  it('refuses only the appends whose expected version is wrong, with the actual version', async () => {
    const name = `s-${randomUUID()}`;
    await store.append(name, [event()]);
    const other = `s-${randomUUID()}`;
    const outcomes = await Promise.allSettled([
      store.append(`s-${randomUUID()}`, [event()]),
      // Three appends to one stream expecting version 0: the first in the batch wins.
      ...[0, 1, 2].map(() => store.append(name, [event()], { expectedVersion: 0 })),
      store.append(other, [event()], { expectedVersion: 5 }),
      store.append(other, [event()], { expectedVersion: 'stream_exists' }),
    ]);
    const [, ...sameStream] = outcomes.slice(0, 4);
    expect(sameStream.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of [...sameStream, ...outcomes.slice(4)]) {
      if (outcome.status === 'fulfilled') continue;
      expect(outcome.reason).toBeInstanceOf(WrongExpectedVersionError);
    }
    const refused = sameStream.filter((outcome) => outcome.status === 'rejected');
    expect(refused.map((outcome) => (outcome.reason as WrongExpectedVersionError).actual)).toEqual([
      1, 1,
    ]);
    expect((await store.readStream(name)).currentVersion).toBe(1);
    // A refused append leaves no trace: the stream that was never written still does not exist.
    expect(await store.readStream(other)).toEqual({ events: [], currentVersion: -1 });
    expect(
      (await store.append(other, [event()], { expectedVersion: -1 })).nextExpectedVersion,
    ).toBe(0);
  });

  it('answers a retried append (same ids) with the first result, also twice in one batch', async () => {
    const name = `s-${randomUUID()}`;
    const ids = [randomUUID(), randomUUID()];
    const first = await store.append(name, ids.map(event), { expectedVersion: -1 });
    const retries = await Promise.all([
      store.append(`s-${randomUUID()}`, [event()]),
      store.append(name, ids.map(event), { expectedVersion: -1 }),
      store.append(name, ids.map(event)),
    ]);
    expect(retries.slice(1)).toEqual([first, first]);
    const fresh = `s-${randomUUID()}`;
    const newIds = [randomUUID()];
    const together = await Promise.all([
      store.append(`s-${randomUUID()}`, [event()]),
      store.append(fresh, newIds.map(event)),
      store.append(fresh, newIds.map(event)),
    ]);
    expect(together[2]).toEqual(together[1]);
    expect((await store.readStream(fresh)).events.map((stored) => stored.id)).toEqual(newIds);
  });

  it('fails an append whose ids are partly stored already, and keeps the rest of its batch', async () => {
    const stored = randomUUID();
    await store.append(`s-${randomUUID()}`, [event(stored)]);
    const clashing = `s-${randomUUID()}`;
    const neighbour = `s-${randomUUID()}`;
    const outcomes = await Promise.allSettled([
      store.append(`s-${randomUUID()}`, [event()]),
      store.append(clashing, [event(), event(stored)]),
      store.append(neighbour, [event()]),
    ]);
    expect(outcomes[1]).toMatchObject({
      status: 'rejected',
      reason: expect.any(DuplicateEventIdsError),
    });
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({
      streamName: clashing,
      storedIds: [stored],
    });
    expect(await store.readStream(clashing)).toEqual({ events: [], currentVersion: -1 });
    expect(outcomes[2]).toMatchObject({ status: 'fulfilled' });
    expect((await store.readStream(neighbour)).currentVersion).toBe(0);
  });
});
