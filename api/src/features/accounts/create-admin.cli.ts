// Creates an admin account: `tsx api/src/features/accounts/create-admin.cli.ts <email>`.
// The password comes from ADMIN_PASSWORD or, when that is unset, from a prompt; there is never
// a default. The database is the server's: DATABASE_URL (and EVENTSTORE_URL), or the embedded
// PostgreSQL in DATA_DIR, reused while the server runs and started here when it does not.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline/promises';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import { type Config, ConfigError, loadConfig } from '../../config/config';
import { loadOrCreateSecret } from '../../config/secrets';
import { startEmbeddedPostgres } from '../../main/embedded-postgres';
import { createLogger } from '../../plugins/logging';
import { createServices } from '../../services/create-services';
import { MIN_PASSWORD_LENGTH } from './account-messages';
import { ensureAdminAccount } from './admin-account';

const USAGE = 'Usage: tsx api/src/features/accounts/create-admin.cli.ts <email>';

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const email = args[0]?.trim().toLowerCase() ?? '';
  if (!z.email().safeParse(email).success) {
    console.error(USAGE);
    return 2;
  }
  const password = env.ADMIN_PASSWORD ?? (await promptPassword());
  if (password.length < MIN_PASSWORD_LENGTH) {
    console.error(`The password must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    return 2;
  }
  // ADMIN_EMAIL/ADMIN_PASSWORD are the server's first-admin pair (both or none); here the e-mail
  // comes from the command line, so they are not part of this configuration.
  const config = loadConfig({
    ...env,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  });
  const logger = createLogger(config.logLevel);
  const closers: (() => Promise<void>)[] = [];
  try {
    const databaseUrl = await resolveDatabase(config, logger, closers);
    // As the server does (start-server.ts): some services derive secrets from it.
    const jwtSecret = config.jwtSecret ?? (await loadOrCreateSecret(config.dataDir, 'jwt-secret'));
    const running = await createServices({
      config: { ...config, jwtSecret },
      databaseUrl,
      logger,
      runProjections: false,
    });
    closers.push(running.close);
    const result = await ensureAdminAccount({
      store: running.services.store,
      email,
      password,
      actor: 'system:create-admin-cli',
    });
    if (result.outcome === 'created') {
      console.log(`Created admin account ${result.email} (id ${result.userId}).`);
    } else if (result.role === 'admin') {
      console.log(
        `An admin account with ${result.email} already exists (id ${result.userId}); nothing changed.`,
      );
    } else {
      console.log(
        `An account with ${result.email} already exists with role ${result.role} (id ${result.userId}); nothing changed.`,
      );
    }
    return 0;
  } finally {
    for (const close of closers.reverse()) await close();
  }
}

async function resolveDatabase(
  config: Config,
  logger: FastifyBaseLogger,
  closers: (() => Promise<void>)[],
): Promise<string> {
  if (config.databaseUrl !== null) return config.databaseUrl;
  // A running server owns the embedded cluster: use it rather than start (and stop) another.
  const running = await runningEmbeddedUrl(config);
  if (running !== null) return running;
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    logger,
  });
  closers.push(embedded.stop);
  return embedded.connectionString;
}

async function runningEmbeddedUrl(config: Config): Promise<string | null> {
  let password: string;
  try {
    password = (await readFile(join(config.dataDir, 'postgres-password'), 'utf8')).trim();
  } catch {
    return null;
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/shortlist`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Reads the password without echoing it on a terminal; a piped stdin gives its first line. */
async function promptPassword(): Promise<string> {
  const { stdin, stderr } = process;
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin });
    for await (const line of lines) {
      lines.close();
      return line;
    }
    return '';
  }
  stderr.write('Password for the admin account: ');
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding('utf8');
  try {
    return await new Promise<string>((resolve, reject) => {
      let typed = '';
      stdin.on('data', (chunk: string) => {
        for (const char of chunk) {
          if (char === '\r' || char === '\n') {
            stderr.write('\n');
            resolve(typed);
            return;
          }
          if (char === '\u0003') {
            reject(new Error('Cancelled'));
            return;
          }
          typed = char === '\u007f' ? typed.slice(0, -1) : typed + char;
        }
      });
    });
  } finally {
    stdin.setRawMode(false);
    stdin.pause();
    stdin.removeAllListeners('data');
  }
}

try {
  process.exitCode = await main(process.argv.slice(2), process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
