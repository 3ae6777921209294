import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  ConfigError,
  FILE_STORAGE_KINDS,
  type FileStorageKind,
  loadConfig,
} from '../../../config/config';
import { type FileMovesTables, fileMoveLedger } from '../../../files/file-move-ledger';
import type { FileStorageAdapter } from '../../../files/file-storage.port';
import { moveFiles } from '../../../files/move-files';
import { openFileStorage } from '../../../files/open-file-storage';
import { migrateApiTables } from '../../../migrations/migrate-api';
import type { AdminCliEnv, AdminCliOutput } from '../admin-cli';

const FILES_USAGE =
  `usage: files move --from <${FILE_STORAGE_KINDS.join('|')}> --to <${FILE_STORAGE_KINDS.join('|')}>` +
  ' [--delete-source] [--follow-erasures]';

/**
 * `npm run files` (files.cli.ts): copies every stored file from one storage to another
 * (files/move-files.ts: verified by size and SHA-256, recorded in the ledger, safe to re-run),
 * with the storages configured as the app configures them (DATA_DIR for local, S3_* for s3,
 * DATABASE_URL for postgres and the ledger). Exit code: 0 every file moved, 1 some could not
 * be, 2 a usage or configuration error.
 */
export async function runFilesCommand(
  args: readonly string[],
  env: AdminCliEnv,
  output: AdminCliOutput,
): Promise<number> {
  let parsed: ReturnType<typeof parseMove>;
  try {
    parsed = parseMove(args);
  } catch (error) {
    output.err(error instanceof Error ? error.message : String(error));
    output.err(FILES_USAGE);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    output.err(error.message);
    return 2;
  }
  const databaseUrl = config.databaseUrl;
  if (databaseUrl === null) {
    output.err(
      'DATABASE_URL is not set: it must name the PostgreSQL database (the move ledger lives ' +
        'there). For an embedded install, that is the one `npm start` runs (README "Files").',
    );
    return 2;
  }
  if ((parsed.from === 's3' || parsed.to === 's3') && config.s3 === null) {
    output.err('S3_BUCKET is not set: it must name the bucket to move files to or from');
    return 2;
  }

  const db = new Kysely<FileMovesTables>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 2 }) }),
  });
  const opened: FileStorageAdapter[] = [];
  try {
    await migrateApiTables(db);
    const from = await openFileStorage(parsed.from, config, databaseUrl);
    opened.push(from);
    const to = await openFileStorage(parsed.to, config, databaseUrl);
    opened.push(to);
    output.out(`Moving files from ${from.description} to ${to.description}`);
    const report = await moveFiles({
      from,
      to,
      ledger: fileMoveLedger(db, {
        source: await from.identity(),
        target: await to.identity(),
      }),
      deleteSource: parsed.deleteSource,
      followErasures: parsed.followErasures,
      note: (line) => output.out(line),
    });
    output.out(
      `${report.copied} copied (${report.copiedBytes} bytes), ${report.alreadyMoved} already ` +
        `there, ${report.sourceDeleted} source copies deleted, ${report.failed.length} failed`,
    );
    if (report.erasedAtTarget > 0) {
      output.out(
        `${report.erasedAtTarget} erased at the target since they were copied: not copied again` +
          (parsed.deleteSource ? '' : '; their source copies go with --delete-source'),
      );
    }
    if (report.erasuresFollowed > 0) {
      output.out(`${report.erasuresFollowed} erased at the source since: deleted at the target`);
    }
    if (report.erasuresPending > 0) {
      output.out(
        `${report.erasuresPending} copied earlier are gone from the source (erased there since?): ` +
          'their target copies stay until a run with --follow-erasures deletes them',
      );
    }
    return report.failed.length === 0 ? 0 : 1;
  } finally {
    for (const storage of opened) await storage.close();
    await db.destroy();
  }
}

function parseMove(args: readonly string[]): {
  from: FileStorageKind;
  to: FileStorageKind;
  deleteSource: boolean;
  followErasures: boolean;
} {
  const { values, positionals } = parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'delete-source': { type: 'boolean', default: false },
      'follow-erasures': { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1 || positionals[0] !== 'move') {
    throw new Error('the only command is move');
  }
  const kind = (name: 'from' | 'to'): FileStorageKind => {
    const value = values[name];
    const found = FILE_STORAGE_KINDS.find((candidate) => candidate === value);
    if (found === undefined) {
      throw new Error(`--${name} must be one of ${FILE_STORAGE_KINDS.join(', ')}`);
    }
    return found;
  };
  const from = kind('from');
  const to = kind('to');
  if (from === to) throw new Error('--from and --to must name two different storages');
  return {
    from,
    to,
    deleteSource: values['delete-source'],
    followErasures: values['follow-erasures'],
  };
}
