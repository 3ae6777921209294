export * from './event-store.port';
export {
  createKurrentDbEventStore,
  type KurrentDbConnection,
} from './kurrentdb/kurrentdb-event-store.adapter';
export {
  canAppendSideRows,
  createPostgresEventStore,
  type PostgresConnection,
  type PostgresEventStoreOptions,
  type SideRow,
  type SideRowAppender,
  type SideRowTable,
} from './postgres/postgres-event-store.adapter';
export {
  decodePostgresPosition,
  encodePostgresPosition,
  type PostgresPosition,
} from './postgres/postgres-position.codec';
export { DEFAULT_SCHEMA, migratePostgresEventStore } from './postgres/postgres-schema.migration';
export {
  assertStorableEvents,
  MAX_JSON_DEPTH,
  repairUnstorableText,
  UnstorableEventError,
  type UnstorableReason,
} from './storable-event';
