import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalDiskFileStorage } from './local-disk.file-storage';
import { testFileStorage } from './testing/file-storage.contract';

/** Every file under the root, finished or `.part`. */
async function bytesUnder(root: string): Promise<number> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  let bytes = 0;
  for (const entry of entries) {
    if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return bytes;
}

testFileStorage('local disk', async () => {
  const root = await mkdtemp(join(tmpdir(), 'shortlist-files-'));
  return {
    storage: createLocalDiskFileStorage({ root }),
    storedBytes: () => bytesUnder(root),
    teardown: () => rm(root, { recursive: true, force: true }),
  };
});
