import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The promise that a renamed event cannot slip past the read side, checked with the compiler
 * itself: rename an event in domain only and the typecheck fails wherever that event is consumed,
 * read models and reactors alike. The real sources are compiled with one file changed in memory
 * (nothing on disk is touched): once unchanged (no error in the consumers), once with `OrderPaid`
 * renamed in the order's events file.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const ORDER_EVENTS = join(ROOT, 'domain/src/orders/order.events.ts');
const CONSUMERS = [
  'projections/src/orders/orders.projection.ts',
  'projections/src/influencer-ledger/influencer-ledger.projection.ts',
  'domain/src/influencers/referral-rewards.workflow.ts',
];
const ENTRIES = [
  join(ROOT, 'projections/src/index.ts'),
  join(ROOT, 'api/src/reactors/reactors.ts'),
];

let previous: ts.Program | undefined;

function filesWithErrors(rewrite: (source: string) => string): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, language, onError) => {
    if (resolve(fileName) !== ORDER_EVENTS) return getSourceFile(fileName, language, onError);
    return ts.createSourceFile(fileName, rewrite(readFileSync(fileName, 'utf8')), language);
  };
  // The second compile reuses the first one's parsed files: only the rewritten one differs.
  const program = ts.createProgram({ rootNames: ENTRIES, options, host, oldProgram: previous });
  previous = program;
  const files = new Set<string>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    if (diagnostic.file !== undefined) files.add(relative(ROOT, diagnostic.file.fileName));
  }
  return [...files];
}

describe('typed events end to end', () => {
  it('fails the typecheck in every consumer when an event is renamed in domain only', () => {
    const unchanged = filesWithErrors((source) => source);
    expect(unchanged.filter((file) => CONSUMERS.includes(file))).toEqual([]);

    const renamed = filesWithErrors((source) => {
      // The event's type and its catalogue entry, as a rename in domain would change them.
      const changed = source
        .replaceAll("'OrderPaid'", "'OrderSettled'")
        .replace('  OrderPaid: z.object(', '  OrderSettled: z.object(');
      expect(changed).not.toBe(source);
      return changed;
    });
    expect(renamed).toEqual(expect.arrayContaining(CONSUMERS));
  }, 120_000);
});
