// Test helpers for component tests in every app: `import … from '@shortlist/web-kit/testing'`.
// Kept out of the main index so no bundle ever carries them.
export { mockIntersectionObserver, mockMatchMedia, mockReducedMotion } from './browser-fakes';
export { json, requestsOf, type StubRequest, stubFetch } from './fetch-stub';
