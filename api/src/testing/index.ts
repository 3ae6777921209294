// `@shortlist/api/testing`: helpers for integration tests of the API and its slices.

// The document pool the product runs the ATS check in, for the bench to measure its cost.
export { createDocumentPool } from '../document-work/document-pool';
export { DOCUMENT_POOL_PROBE } from '../document-work/testing/pool-probe';
export { CORPUS_EXPECTATIONS } from '../features/ats/corpus/corpus-expectations';
// The shared corpus of real resumes, for the bench (located as the corpus test finds it).
export {
  CORPUS_DIR,
  corpusAvailable,
  corpusJobDescription,
} from '../features/ats/corpus/measure-corpus';
export { pdfTextOnly } from '../features/ats/corpus/text-only-baseline';
// The ATS check's fixture corpus and its extraction, for the e2e journey and the bench.
export * from '../features/ats/testing/resume-files';
// An S3-protocol server on this machine, for the S3 file storage's tests and bench.
export {
  S3_TEST_CREDENTIALS,
  type S3TestServer,
  startS3TestServer,
} from '../files/testing/s3-test-server';
// A real SMTP server on loopback and its MIME reader, for journeys that read the mails sent.
export { parseMime } from '../mail/testing/mime';
export {
  type ReceivedMail,
  type SmtpTestServer,
  startSmtpTestServer,
} from '../mail/testing/smtp-test-server';
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
