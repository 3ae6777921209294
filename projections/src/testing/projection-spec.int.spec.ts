import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../projection';
import { expectIdempotentProjection } from './projection-spec';
import {
  createProjectionTestDatabase,
  type ProjectionTestDatabase,
} from './projection-test-database';
import { recordedEvents } from './recorded-events';

let database: ProjectionTestDatabase;

beforeAll(async () => {
  database = await createProjectionTestDatabase('pspec');
  await sql`create table spec_counts (stream text primary key, n integer not null)`.execute(
    database.db,
  );
});

afterAll(async () => {
  await database.drop();
});

const events = recordedEvents([
  { streamName: 'order-1', type: 'Counted' },
  { streamName: 'order-1', type: 'Counted' },
  { streamName: 'order-2', type: 'Counted' },
]);

function countingProjection(idempotent: boolean): Projection {
  return {
    name: 'spec_counts',
    tables: ['spec_counts'],
    async apply(trx, batch) {
      for (const event of batch) {
        // The idempotent variant derives the count from the event (its stream version); the
        // broken one increments, so a replay counts twice.
        await (idempotent
          ? sql`insert into spec_counts values (${event.streamName}, ${event.streamVersion + 1})
                on conflict (stream) do update set n = excluded.n`
          : sql`insert into spec_counts values (${event.streamName}, 1)
                on conflict (stream) do update set n = spec_counts.n + 1`
        ).execute(trx);
      }
    },
  };
}

describe('expectIdempotentProjection', () => {
  it('passes an idempotent projection and returns its rows', async () => {
    const snapshot = await expectIdempotentProjection({
      db: database.db,
      projection: countingProjection(true),
      events,
    });
    expect(snapshot.spec_counts).toHaveLength(2);
    expect(snapshot.spec_counts).toEqual(
      expect.arrayContaining([
        { stream: 'order-1', n: 2 },
        { stream: 'order-2', n: 1 },
      ]),
    );
  });

  it('fails a projection whose replay changes the rows', async () => {
    await expect(
      expectIdempotentProjection({
        db: database.db,
        projection: countingProjection(false),
        events,
      }),
    ).rejects.toThrow(/rows after applying twice/);
  });
});
