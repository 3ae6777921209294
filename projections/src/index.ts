// The package edge (STYLE.md: one index per package). Test helpers: '@shortlist/projections/testing'.

export { auditLogProjection } from './audit-log/audit-log.projection';
export type { AuditLogRow, AuditLogTable, NewAuditLogRow } from './audit-log/audit-log.table';
export { createKysely, type Database, type KyselyConnection } from './database';
export {
  type ReactedEvent,
  type Reactor,
  readReactorCheckpoint,
  typedReactor,
} from './engine/reactor';
export type {
  SubscriberEngine,
  SubscriberRunState,
  SubscriberStatus,
} from './engine/subscriber-engine';
export { eventTime } from './event-time';
export {
  INFLUENCER_LEDGER_TABLES,
  influencerLedgerProjection,
} from './influencer-ledger/influencer-ledger.projection';
export type {
  InfluencerLedgerRow,
  InfluencerQueryReplyRow,
  InfluencerQueryRow,
  InfluencerReferredOrderRow,
  PayoutRow,
} from './influencer-ledger/influencer-ledger.tables';
export { influencerQueriesProjection } from './influencer-ledger/influencer-queries.projection';
export { influencersProjection } from './influencers/influencers.projection';
export type {
  InfluencerRow,
  InfluencersTable,
  NewInfluencerRow,
} from './influencers/influencers.table';
export { consoleLogger, type Logger, silentLogger } from './logger';
export type { TableDifference } from './maintenance/compare-tables';
export {
  type RebuildOptions,
  type RebuildResult,
  rebuildProjection,
  rebuildProjections,
} from './maintenance/rebuild';
export {
  formatVerifyReport,
  type ProjectionVerification,
  type VerifyOptions,
  type VerifyReport,
  verifyProjections,
} from './maintenance/verify';
export { migrateToLatest, migrations } from './migrations/migrate';
export { ordersProjection } from './orders/orders.projection';
export type {
  NewOrderRow,
  OrderAttachmentRow,
  OrderFileRow,
  OrderRow,
  OrdersTable,
} from './orders/orders.table';
export {
  findProjection,
  MalformedEventError,
  type ProjectedEvent,
  type Projection,
  typedProjection,
} from './projection';
export {
  countQuarantinedEvents,
  listQuarantinedEvents,
  type RetryResult,
  retryQuarantinedEvent,
} from './quarantine/quarantine';
export type { ProjectionQuarantineTable, QuarantinedEvent } from './quarantine/quarantine.table';
export { allProjections, PROJECTION_NAMES, type ProjectionName } from './registry';
export type {
  ProjectionCheckpoint,
  ProjectionCheckpointsTable,
} from './runner/checkpoint.table';
export { CHECKPOINT_CHANNEL } from './runner/checkpoints';
export {
  type ProjectionRunner,
  type ProjectionRunnerOptions,
  type ProjectionRunState,
  type ProjectionStatus,
  startProjectionRunner,
} from './runner/projection-runner';
export { type ReactorRunnerOptions, startReactorRunner } from './runner/reactor-runner';
export {
  type CheckpointWaiter,
  type CheckpointWaiterConnection,
  type CheckpointWaiterOptions,
  createCheckpointWaiter,
} from './runner/wait-for-position';
export { sinkEvent, sinkJson, sinkText } from './sink';
export { supportQueriesProjection } from './support-queries/support-queries.projection';
export type {
  NewSupportQueryRow,
  SupportQueriesTable,
  SupportQueryReplyRow,
  SupportQueryRow,
} from './support-queries/support-queries.table';
export { usersProjection } from './users/users.projection';
export type { NewUserRow, UserRow, UsersTable } from './users/users.table';
