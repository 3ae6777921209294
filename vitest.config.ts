import { defineConfig } from 'vitest/config';

// One runner, four kinds of test, chosen by file suffix (STYLE.md house rule 2):
// *.unit.spec.ts      pure code, no I/O
// *.int.spec.ts       real PostgreSQL / Redis / SMTP on 127.0.0.1
// *.spec.tsx          React components in happy-dom
// *.e2e.spec.ts       journeys in a real Chromium against a running server
// *.kurrentdb.spec.ts the event-store contract against a real KurrentDB; there is none on the
//                     development machines, so that project exists only when EVENTSTORE_URL is set
//                     (it is left out, not skipped, so a run never counts it as passed). The int
//                     project runs the same contract against the KurrentDB protocol fake.
const kurrentDbProject = process.env.EVENTSTORE_URL
  ? [
      {
        test: {
          name: 'kurrentdb',
          sequence: { groupOrder: 4 },
          include: ['eventstore/src/**/*.kurrentdb.spec.ts'],
          environment: 'node' as const,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ]
  : [];

// *.razorpay.spec.ts  the payment-provider contract against Razorpay's test mode: only when test
//                     keys are set (left out otherwise, for the same reason).
const razorpayProject =
  process.env.RAZORPAY_KEY_ID && process.env.RAZORPAY_KEY_SECRET
    ? [
        {
          test: {
            name: 'razorpay',
            sequence: { groupOrder: 5 },
            include: ['api/src/**/*.razorpay.spec.ts'],
            environment: 'node' as const,
            testTimeout: 60_000,
          },
        },
      ]
    : [];

// PostgreSQL, Redis (and for e2e Chromium) answering before the tests start, started here when
// the machine has none (README "Tests"); each project's setup is a no-op when they already answer.
const TEST_SERVICES = 'scripts/test-services.ts';

export default defineConfig({
  test: {
    projects: [
      ...kurrentDbProject,
      ...razorpayProject,
      {
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: [
            '{domain,eventstore,projections,api,razorpay-sandbox,bench}/src/**/*.unit.spec.ts',
            'scripts/**/*.unit.spec.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'int',
          sequence: { groupOrder: 2 },
          include: ['{domain,eventstore,projections,api,razorpay-sandbox}/src/**/*.int.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Two cores: integration files each create their own database, so two at a time.
          maxWorkers: 2,
          globalSetup: [TEST_SERVICES],
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic' } },
        test: {
          name: 'web',
          sequence: { groupOrder: 1 },
          include: ['web-*/src/**/*.spec.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['web-kit/src/testing/setup-tests.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          sequence: { groupOrder: 3 },
          include: ['e2e/**/*.e2e.spec.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          globalSetup: [TEST_SERVICES, 'e2e/global-setup.ts'],
          // Each file has its own server, database and browser, and a journey mostly waits
          // (network, animations, settled screens): two files at a time kept the two cores
          // about half busy and took the project from ~575 s to ~436 s.
          maxWorkers: 2,
        },
      },
    ],
  },
});
