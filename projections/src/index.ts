// The package edge (STYLE.md: one index per package). Test helpers: '@shortlist/projections/testing'.

export { auditLogProjection } from './audit-log/audit-log.projection';
export type { AuditLogRow, AuditLogTable, NewAuditLogRow } from './audit-log/audit-log.table';
export { createKysely, type Database, type KyselyConnection, selectPrepared } from './database';
export type { SubscriberState, SubscriberStatus, Subscribers } from './engine/subscriber';
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
export type {
  ProjectionCheckpoint,
  ProjectionCheckpointsTable,
} from './projector/checkpoint.table';
export { CHECKPOINT_CHANNEL } from './projector/checkpoints';
export { type ProjectorsOptions, startProjectors } from './projector/projector';
export {
  type CheckpointWaiter,
  type CheckpointWaiterConnection,
  type CheckpointWaiterOptions,
  createCheckpointWaiter,
} from './projector/wait-for-position';
export {
  countQuarantinedEvents,
  listQuarantinedEvents,
  type RetryResult,
  retryQuarantinedEvent,
} from './quarantine/quarantine';
export type { ProjectionQuarantineTable, QuarantinedEvent } from './quarantine/quarantine.table';
export {
  type ReactedEvent,
  type Reactor,
  type ReactorsOptions,
  readReactorCheckpoint,
  startReactors,
  typedReactor,
} from './reactor/reactor';
export { allProjections, PROJECTION_NAMES, type ProjectionName } from './registry';
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
