import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port';
import { runScript } from '../testing/run-script';

const CHILD = fileURLToPath(new URL('./embedded-postgres-exit.child.ts', import.meta.url));
let dataDir = '';

afterAll(async () => {
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
});

const runChild = (env: Record<string, string>) =>
  runScript(CHILD, { env: { ...process.env, ...env } });

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded-postgres package at process exit', () => {
  it('a process that loaded it ends cleanly when its event loop empties', async () => {
    const { code, stdout, stderr } = await runChild({ MODE: 'natural' });
    // The package's own 'exit' hook, left in place, rejected here with "done is not a function".
    expect(stderr).toBe('');
    expect({ code, stdout }).toEqual({ code: 0, stdout: 'loaded\n' });
  });

  it('a process that exits without stopping its cluster still stops PostgreSQL', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-exit-'));
    // As root the cluster runs as user postgres, who must be able to enter the directory.
    await chmod(dataDir, 0o755);
    const { code, stdout } = await runChild({
      MODE: 'exit',
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
    });
    expect(code).toBe(0);
    const pid = Number(/^postmaster (\d+)$/m.exec(stdout)?.[1]);
    expect(pid).toBeGreaterThan(0);
    const deadline = Date.now() + 30_000;
    while (isRunning(pid) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(isRunning(pid)).toBe(false);
  });
});
