// `@shortlist/api/testing`: helpers for integration tests of the API and its slices.

// The ATS check's fixture corpus and its extraction, for the e2e journey and the bench; the
// document pool the product runs it in, for the bench to measure the pool's cost.
export { createDocumentPool } from '../document-work/document-pool';
export { PROBE as DOCUMENT_POOL_PROBE } from '../document-work/testing/pool-probe';
export * from '../features/ats/testing/resume-files';
export { createLogger } from '../plugins/logging';
export { atsCheckOf } from '../shared/ats-extraction/ats-check-job';
export { extractDocument } from '../shared/ats-extraction/extract-document';
export { freePort } from './free-port';
export {
  createLogCollector,
  createTestApp,
  type LogCollector,
  type TestApp,
  type TestAppOptions,
} from './test-app';
