import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A secret generated on first use and kept in DATA_DIR, so embedded and development runs need no
 * setup yet keep their sessions (JWT) and database password across restarts. Production passes
 * its secrets in the environment instead.
 */
export async function loadOrCreateSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name);
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if (!isNotFound(error)) throw error;
  }
  await mkdir(dataDir, { recursive: true, mode: 0o755 });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx': two processes starting together keep whichever secret was written first.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if (!isAlreadyThere(error)) throw error;
    return (await readFile(file, 'utf8')).trim();
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

function isAlreadyThere(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}
