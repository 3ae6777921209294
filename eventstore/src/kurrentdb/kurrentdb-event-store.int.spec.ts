import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEventStore } from '../event-store.contract';
import { createKurrentDbEventStore } from './kurrentdb-event-store.adapter';
import { type KurrentDbFake, startKurrentDbFake } from './testing/kurrentdb-fake-server';

/*
 * The contract against the KurrentDB adapter and the real client, talking gRPC to the protocol
 * fake (testing/README.md): runs everywhere, with no server. The same contract runs against a
 * real KurrentDB in kurrentdb-event-store.kurrentdb.spec.ts when EVENTSTORE_URL is set.
 * A node per test, so each starts empty as a new server does.
 */
testEventStore(
  'KurrentDB adapter on the protocol fake',
  async () => {
    const fake = await startKurrentDbFake();
    const store = createKurrentDbEventStore({ connectionString: fake.connectionString });
    return {
      store,
      teardown: async () => {
        await store.close();
        await fake.stop();
      },
    };
  },
  { freshStore: true },
);

describe('KurrentDB adapter positions', () => {
  let fake: KurrentDbFake;
  beforeAll(async () => {
    fake = await startKurrentDbFake();
  });
  afterAll(() => fake.stop());

  it('are the node’s own (commit, prepare), in a format of their own', async () => {
    const store = createKurrentDbEventStore({ connectionString: fake.connectionString });
    try {
      const name = `positions-${randomUUID()}`;
      const event = () => ({ id: randomUUID(), type: 'Happened', data: {}, metadata: {} });
      const result = await store.append(name, [event(), event()]);
      const recorded = fake.log.stream(name) ?? [];
      const expected = recorded.map(
        (r) =>
          `kurrentdb:${String(r.commit).padStart(20, '0')}:${String(r.prepare).padStart(20, '0')}`,
      );
      expect((await store.readStream(name)).events.map((e) => e.position)).toEqual(expected);
      expect(result.position).toBe(expected[1]);
      // Never PostgreSQL's `<20 digits>-<20 digits>`: a checkpoint cannot pass from one to the other.
      await expect(
        store.readAll({ after: `${'0'.repeat(20)}-${'0'.repeat(20)}`, limit: 1 }),
      ).rejects.toThrow(TypeError);
    } finally {
      await store.close();
    }
  });
});
