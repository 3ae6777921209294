export { expectIdempotentProjection, snapshotTables, type TableSnapshot } from './projection-spec';
export {
  createProjectionTestContext,
  newEvent,
  type ProjectionTestContext,
} from './projection-test-context';
export {
  createProjectionTestDatabase,
  type ProjectionTestDatabase,
} from './projection-test-database';
export { type EventInput, recordedEvents } from './recorded-events';
