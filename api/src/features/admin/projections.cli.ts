/**
 * Read-model maintenance from a shell, against DATABASE_URL (and EVENTSTORE_URL for KurrentDB):
 *   npm run projections -- migrate          bring the read-model schema up to date
 *   npm run projections -- rebuild [name]   empty and replay one projection (or all)
 *   npm run projections -- verify           compare the read models with a fresh replay
 *   npm run projections -- run              run the projections until SIGINT/SIGTERM
 * Exit code 1 when verify finds a difference, 2 on a usage or runtime error.
 */
import { runAdminCli } from './admin-cli';
import { runProjectionsCommand } from './maintenance/projections-command';

runAdminCli(runProjectionsCommand);
