// `@shortlist/api/testing`: helpers for integration tests of the API and its slices.

export * from '../features/ats/testing/resume-files';
// The ATS check's fixture corpus and its extraction, for the e2e journey and the bench.
export { extractDocument } from '../shared/ats-extraction/extract-document';
export { freePort } from './free-port';
export {
  createLogCollector,
  createTestApp,
  type LogCollector,
  type TestApp,
  type TestAppOptions,
} from './test-app';
