// `@shortlist/api/testing`: helpers for integration tests of the API and its slices.

export { freePort } from './free-port';
export {
  createLogCollector,
  createTestApp,
  type LogCollector,
  type TestApp,
  type TestAppOptions,
} from './test-app';
