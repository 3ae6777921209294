/**
 * Moving stored files between storages from a shell, against DATABASE_URL (the move ledger, and
 * the files themselves for postgres), DATA_DIR (local) and S3_* (s3):
 *   npm run files -- move --from local --to postgres [--delete-source] [--follow-erasures]
 * Exit code 1 when a file could not be moved, 2 on a usage or configuration error.
 */
import { runAdminCli } from './admin-cli';
import { runFilesCommand } from './maintenance/files-command';

runAdminCli(runFilesCommand);
