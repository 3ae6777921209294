/*
 * Times `projections rebuild` (and, with --verify, `audit verify`) on an already seeded
 * database, alone, so a CPU profile shows only them:
 *   DATABASE_URL=… node --cpu-prof --import tsx bench/src/growth/rebuild-profile.ts [--verify]
 * Seed the database first (`DATABASE_URL=… npm run seed -- --orders 10000`).
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { fmt } from '../bench-stats';
import { rebuildReadModels, timeReads, verifyReadModels } from './read-models';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { verify: { type: 'boolean', default: false } } });
  const url = process.env.DATABASE_URL;
  if (url === undefined) throw new Error('DATABASE_URL names the seeded database');
  const reads = await timeReads(url, 20_000);
  console.log(
    `read all ${fmt(reads.events)} events: raw ${fmt(reads.rawSeconds, 2)} s, decrypting ` +
      `${fmt(reads.decryptingSeconds, 2)} s`,
  );
  const rebuilt = await rebuildReadModels(url);
  console.log(
    `rebuild: ${fmt(rebuilt.events)} events in ${fmt(rebuilt.seconds, 2)} s (${fmt(rebuilt.eventsPerSecond)} events/s)`,
  );
  console.log(`  CPU of this process: ${fmt(rebuilt.cpuSeconds, 1)} s; load average ${load()}`);
  console.log(
    `  apply: ${rebuilt.perProjection.map((p) => `${p.name} ${fmt(p.seconds, 2)} s`).join(', ')}`,
  );
  if (values.verify) {
    const verified = await verifyReadModels(url);
    console.log(
      `verify: ${fmt(verified.seconds, 2)} s, ${verified.ok ? 'ok' : 'DIFF'}; CPU of this process ${fmt(verified.cpuSeconds, 1)} s; load average ${load()}`,
    );
    if (!verified.ok) for (const line of verified.lines) console.log(line);
  }
}

const load = () =>
  loadavg()
    .map((l) => fmt(l, 1))
    .join(' / ');

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
