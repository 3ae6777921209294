export {
  type ContractOptions,
  type EventStoreUnderTest,
  testEventStore,
} from '../event-store.contract';
export {
  type ChaosOptions,
  type ChaosReport,
  chaosViolations,
  type ExtraWriterOutcome,
  runChaos,
} from './chaos.harness';
export { createTestDatabase, type TestDatabase } from './test-database';
