import { dumbo } from '@event-driven-io/dumbo';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { now, rateOver } from './bench-stats';
import { samplePayload } from './postgres-baselines';

/**
 * The peer: Emmett 0.42's PostgreSQL event store, in the same database and process as ours,
 * doing the same work with the same ~150-byte payload (samplePayload). Emmett keeps its own
 * tables (emt_*), so the two stores never read each other's rows.
 */
export function createEmmettPeer(connectionString: string) {
  const store = getPostgreSQLEventStore(connectionString);
  const pool = dumbo({ connectionString });
  const incremented = (n: number) => ({ type: 'Incremented', ...samplePayload(n) });

  return {
    async migrate() {
      await store.schema.migrate();
    },

    /** Bare 1-event appends, no expected version: what `store.append` does without a read. */
    singleAppends(durationMs: number, writers: number) {
      return rateOver(durationMs, writers, async (writer, iteration) => {
        await store.appendToStream(`emmett-${writer}-${iteration % 16}`, [incremented(iteration)]);
        return 1;
      });
    },

    batchAppends(durationMs: number, writers: number, batchSize: number) {
      return rateOver(durationMs, writers, async (writer, iteration) => {
        const events = Array.from({ length: batchSize }, (_, i) => ({
          type: 'Imported',
          ...samplePayload(i),
        }));
        await store.appendToStream(`emmett-batch-${writer}-${iteration}`, events);
        return batchSize;
      });
    },

    /** Every message in global order, pages of 1,000; counts what a correct read must return. */
    async readAll() {
      const started = now();
      let after = 0n;
      let count = 0;
      let outOfOrder = 0;
      for (;;) {
        const page = await readMessagesBatch(pool.execute, { after, batchSize: 1_000 });
        for (const message of page.messages) {
          const position = message.metadata.globalPosition;
          if (position <= after) outOfOrder++;
          after = position > after ? position : after;
          count++;
        }
        if (!page.areMessagesLeft || page.messages.length === 0) break;
      }
      const seconds = (now() - started) / 1000;
      return { perSecond: count / seconds, count, seconds, outOfOrder };
    },

    /** Its consumer from the beginning until no message is left: the catch-up rate. */
    async consumeAll() {
      const started = now();
      let count = 0;
      const consumer = store.consumer({
        stopWhen: { noMessagesLeft: true },
        pulling: { batchSize: 1_000 },
      });
      consumer.reactor({
        processorId: `bench-${Date.now()}`,
        startFrom: 'BEGINNING',
        eachMessage: async () => {
          count++;
        },
      });
      await consumer.start();
      await consumer.close();
      const seconds = (now() - started) / 1000;
      return { perSecond: count / seconds, count, seconds };
    },

    /** Messages in Emmett's table: what the reads above should have returned. */
    async storedCount(): Promise<number> {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        const { rows } = await client.query<{ count: string }>(
          'SELECT count(*)::text AS count FROM emt_messages',
        );
        return Number(rows[0]?.count ?? 0);
      } finally {
        await client.end();
      }
    },

    async close() {
      await store.close();
      await pool.close();
    },
  };
}
