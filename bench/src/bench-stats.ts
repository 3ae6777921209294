/** Small helpers shared by the benchmarks: timing, percentiles, and the printed table. */

export function now(): number {
  return performance.timeOrigin + performance.now();
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** Runs `worker` on `concurrency` loops until `durationMs` passes; returns completed operations/s. */
export async function rateOver(
  durationMs: number,
  concurrency: number,
  worker: (loop: number, iteration: number) => Promise<number>,
): Promise<{ perSecond: number; count: number; seconds: number }> {
  const started = now();
  const deadline = started + durationMs;
  let count = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let iteration = 0; now() < deadline; iteration++) {
        // Not `count += await ...`: that reads `count` before awaiting and loses updates.
        const done = await worker(loop, iteration);
        count += done;
      }
    }),
  );
  const seconds = (now() - started) / 1000;
  return { perSecond: count / seconds, count, seconds };
}

export interface Row {
  name: string;
  value: string;
  baseline?: string;
  ratio?: string;
  /** The same work done by a peer product (Emmett), and ours divided by it. */
  peer?: string;
  peerRatio?: string;
  target?: string;
}

const COLUMNS = ['name', 'value', 'baseline', 'ratio', 'peer', 'peerRatio'] as const;

export function printTable(rows: Row[]): void {
  const header: Row = {
    name: 'measure',
    value: 'ours',
    baseline: 'baseline',
    ratio: 'ours/base',
    target: 'target',
  };
  const withPeer = rows.some((row) => row.peer !== undefined);
  if (withPeer) Object.assign(header, { peer: 'peer (Emmett)', peerRatio: 'ours/peer' });
  const all = [header, ...rows];
  const columns = COLUMNS.filter((key) => withPeer || (key !== 'peer' && key !== 'peerRatio'));
  const width = (key: keyof Row) => Math.max(...all.map((row) => (row[key] ?? '').length));
  for (const row of all) {
    const cells = columns.map((key) =>
      key === 'name' ? row.name.padEnd(width('name')) : (row[key] ?? '').padStart(width(key)),
    );
    console.log([...cells, row.target ?? ''].join('  '));
  }
}

export function fmt(value: number, digits = 0): string {
  return value.toLocaleString('en-US', {
    maximumFractionDigits: digits,
    minimumFractionDigits: digits,
  });
}
