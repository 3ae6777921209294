// The package edge (STYLE.md: one index per package).
export { type BuildAppOptions, buildApp } from './app';
export {
  adminContext,
  authenticatedContext,
  customerContext,
  influencerContext,
} from './auth/auth-context';
export { type AuthUser, ROLES, type Role } from './auth/auth-token';
export { hashPassword } from './auth/passwords';
export type { TokenRevocations } from './auth/token-revocations';
export { commandMetadataFor } from './commands/command-metadata';
export { deterministicEventId } from './commands/deterministic-event-id';
export {
  type EventIds,
  type HandleCommandInput,
  type HandleCommandResult,
  handleCommand,
} from './commands/handle-command';
export { type Config, ConfigError, type Env, loadConfig } from './config/config';
export { withStore } from './features/admin/audit/audit-command';
export {
  ledgerHistory,
  ledgerStatement,
} from './features/influencer/statement/ledger-statement';
export type { FileStorage, FileStorageAdapter, StoredFile } from './files/file-storage.port';
export { createLocalDiskFileStorage } from './files/local-disk.file-storage';
export { openPostgresFileStorage } from './files/postgres.file-storage';
export { openS3FileStorage } from './files/s3.file-storage';
export { startEmbeddedPostgres } from './main/embedded-postgres';
export { type RunningServer, type StartServerOptions, startServer } from './main/start-server';
export { migrateApiTables } from './migrations/migrate-api';
export { encryptingEventStore } from './personal-data/encrypting-event-store';
export { createPostgresKeyVault, type KeyVault } from './personal-data/key-vault';
export { createLogger } from './plugins/logging';
export type { AppServices, ProjectionWaiter } from './plugins/services.plugin';
export type {
  EnqueueOptions,
  JobFailure,
  JobHandler,
  JobInfo,
  JobQueue,
} from './queue/job-queue.port';
export { type CreateServicesOptions, createServices } from './services/create-services';
export { HttpError } from './shared/http-error';
export { ORDER_VIEW_COLUMNS } from './shared/orders/order-view';
