// Test helpers of the domain, for specs in any package: `@shortlist/domain/testing`. Kept out of
// the package's main entry so the web bundles never pull in vitest.

export * from '../ats/resume-layout.fixture';
export * from '../core/decider-spec';
export * from '../core/workflow-spec';
export * from './order-fixture';
export * from './resume-fixture';
