import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../plugins/logging';
import { startEmbeddedPostgres } from './embedded-postgres';

// As root the embedded PostgreSQL runs as the `postgres` user; a directory that user cannot
// enter must be named in the error, with the fix, before initdb fails with a bare EACCES.
const asRoot = process.getuid?.() === 0;
let privateDir = '';

afterEach(async () => {
  if (privateDir !== '') await rm(privateDir, { recursive: true, force: true });
});

describe.runIf(asRoot)('embedded PostgreSQL started by root', () => {
  it('names the directory the postgres user cannot enter, and how to fix it', async () => {
    privateDir = await mkdtemp(join(tmpdir(), 'shortlist-private-'));
    await chmod(privateDir, 0o700);
    await expect(
      startEmbeddedPostgres({
        dataDir: join(privateDir, 'data'),
        port: 1,
        logger: createLogger('silent'),
      }),
    ).rejects.toThrow(
      `The embedded PostgreSQL runs as user postgres, which cannot enter ${privateDir}. Set DATA_DIR to a directory others may traverse, or run: chmod o+x ${privateDir}`,
    );
  });
});
