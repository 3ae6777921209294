/**
 * npm run seed -- --orders 100000
 * Writes a year of realistic history (accounts, orders of every service, payments, refunds,
 * referrals, rewards and payouts; about ten events per order) into the app's database —
 * DATABASE_URL, else the embedded one in DATA_DIR, as `npm start` picks it — then rebuilds every
 * read model from it. Every account's password is printed at the end.
 */
import { parseArgs } from 'node:util';
import { fmt } from './bench-stats';
import { rebuildReadModels } from './growth/read-models';
import { openAppDatabase } from './growth/seed-database';
import { SEED_PASSWORD, seedHistory } from './growth/seed-run';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { orders: { type: 'string', default: '10000' } } });
  const orders = Number(values.orders);
  if (!Number.isInteger(orders) || orders < 1) {
    throw new Error(`--orders must be a positive integer, got ${values.orders}`);
  }
  const database = await openAppDatabase(process.env);
  try {
    console.log(`seeding ${fmt(orders)} orders into ${database.description}`);
    const seeded = await seedHistory(database.url, orders, console.log);
    console.log(
      `seeded ${fmt(seeded.events)} events (${fmt(seeded.users)} customers, ${fmt(seeded.orders)} orders, ` +
        `${fmt(seeded.influencers)} influencers) in ${fmt(seeded.seconds, 1)} s: ${fmt(seeded.eventsPerSecond)} events/s`,
    );
    for (const [refusal, count] of seeded.refusals) {
      console.log(`  refused as the app would: ${count} x ${refusal}`);
    }
    console.log('rebuilding the read models');
    const rebuilt = await rebuildReadModels(database.url);
    console.log(
      `rebuilt ${rebuilt.perProjection.length} read models over ${fmt(rebuilt.events)} events in ` +
        `${fmt(rebuilt.seconds, 1)} s (${fmt(rebuilt.eventsPerSecond)} events/s)`,
    );
    const { sample } = seeded;
    console.log(
      `sign in as ${sample.adminEmail} (admin), ${sample.influencer.email} (influencer) or ` +
        `${sample.customer.email} (customer): password ${SEED_PASSWORD}`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
