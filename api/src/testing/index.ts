// `@shortlist/api/testing`: helpers for integration tests of the API and its slices.

// The ATS check's fixture corpus and its extraction, for the e2e journey and the bench.
export { extractDocument } from '../features/ats/extract-document';
export * from '../features/ats/testing/resume-files';
export { freePort } from './free-port';
export {
  createLogCollector,
  createTestApp,
  type LogCollector,
  type TestApp,
  type TestAppOptions,
} from './test-app';
