import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@shortlist/api';

export const BENCH_ADMIN = { email: 'admin@bench.test', password: 'bench-admin-pass-1' };

export interface BenchServer {
  url: string;
  /** The embedded PostgreSQL the server made, for the raw routes beside it. */
  databaseUrl: string;
  /** The embedded cluster's postmaster, whose CPU time (and its backends') the bench reads. */
  postmasterPid: number | null;
  close(): Promise<void>;
}

/**
 * The real server as `npm start` runs it (embedded PostgreSQL, every projection, the queue, the
 * sandbox, the web apps) in a throw-away data directory. The PostgreSQL password is written
 * before start, where the server looks for it, so the raw routes can reach the same database.
 */
export async function startBenchServer(port: number, pgPort: number): Promise<BenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shortlist-bench-api-'));
  // The embedded cluster runs as the postgres user when we are root: it must reach the folder.
  await chmod(dataDir, 0o755);
  const password = randomBytes(18).toString('base64url');
  await writeFile(join(dataDir, 'postgres-password'), `${password}\n`, { mode: 0o600 });
  try {
    const server = await startServer({
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        EMBEDDED_PG_PORT: String(pgPort),
        JWT_SECRET: randomBytes(32).toString('hex'),
        ADMIN_EMAIL: BENCH_ADMIN.email,
        ADMIN_PASSWORD: BENCH_ADMIN.password,
        RAZORPAY_SANDBOX: 'true',
        LOG_LEVEL: 'warn',
      },
    });
    const pidFile = await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(
      () => '',
    );
    const postmasterPid = Number.parseInt(pidFile.split('\n')[0] ?? '', 10);
    return {
      url: server.url.replace(/\/$/, ''),
      postmasterPid: Number.isNaN(postmasterPid) ? null : postmasterPid,
      databaseUrl: `postgres://postgres:${password}@127.0.0.1:${pgPort}/shortlist`,
      close: async () => {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
