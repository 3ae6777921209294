import { hashPassword } from '@shortlist/api';
import { fmt, now } from '../bench-stats';
import { planSeedHistory, type SeedSample, type SeedTotals } from './seed-history';
import { createSeedWriter } from './seed-writer';

/** Every seeded account signs in with this password (one real argon2id hash of it). */
export const SEED_PASSWORD = 'shortlist-seed-password';

export interface SeedResult extends SeedTotals {
  sample: SeedSample;
  seconds: number;
  eventsPerSecond: number;
}

/** Writes `orders` orders' worth of history into the database, printing progress as it goes. */
export async function seedHistory(
  databaseUrl: string,
  orders: number,
  log: (line: string) => void = () => undefined,
): Promise<SeedResult> {
  const plan = planSeedHistory({ orders });
  const writer = createSeedWriter(databaseUrl);
  const started = now();
  let written = 0;
  let lastReport = started;
  try {
    const totals = await plan.run(await hashPassword(SEED_PASSWORD), async (appends) => {
      await writer.write(appends);
      for (const append of appends) written += append.events.length;
      if (now() - lastReport >= 5_000) {
        lastReport = now();
        const seconds = (lastReport - started) / 1000;
        log(
          `  ${fmt(written)} events in ${fmt(seconds, 1)} s (${fmt(written / seconds)} events/s)`,
        );
      }
    });
    const seconds = (now() - started) / 1000;
    return { ...totals, sample: plan.sample, seconds, eventsPerSecond: totals.events / seconds };
  } finally {
    await writer.close();
  }
}
