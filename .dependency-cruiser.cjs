// The layer rules of ARCHITECTURE.md, checked by `npm run lint` (STYLE.md: the rules live in
// the lint configuration, not in a README). A violation fails the lint step, hence CI.
//
//   web-* → web-kit → domain        api → projections → eventstore → domain
//                                   api → razorpay-sandbox (which imports none of ours)
//
// Inside an app or the api, a feature never imports another feature, nor the app that
// composes it: what two features share lives in that app's `shared/` folder.
const WEB_APPS = '^web-(customer|admin|influencer)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'domain holds no I/O and no framework: only zod and its own modules',
      severity: 'error',
      from: { path: '^domain/src/', pathNot: '\\.spec\\.ts$' },
      to: {
        pathNot: ['^domain/src/', 'node_modules/zod/'],
      },
    },
    {
      name: 'eventstore-depends-on-domain-only',
      severity: 'error',
      from: { path: '^eventstore/' },
      to: { path: '^(projections|api|web-[a-z]+|bench|e2e)/' },
    },
    {
      name: 'projections-below-api',
      severity: 'error',
      from: { path: '^projections/' },
      to: { path: '^(api|web-[a-z]+|bench|e2e)/' },
    },
    {
      name: 'api-never-imports-web',
      severity: 'error',
      from: { path: '^api/' },
      to: { path: '^(web-[a-z]+|bench|e2e)/' },
    },
    {
      name: 'razorpay-sandbox-stands-alone',
      comment:
        'the sandbox stands in for Razorpay: the api may use it, it uses no code of ours (the api verifies what it signs)',
      severity: 'error',
      from: { path: '^razorpay-sandbox/' },
      to: { path: '^(domain|eventstore|projections|api|web-[a-z]+|bench|e2e)/' },
    },
    {
      name: 'web-kit-depends-on-domain-only',
      severity: 'error',
      from: { path: '^web-kit/' },
      to: { path: `^(api|projections|eventstore|razorpay-sandbox|bench|e2e)/|${WEB_APPS}` },
    },
    {
      name: 'web-apps-never-import-server-code',
      severity: 'error',
      from: { path: WEB_APPS },
      to: { path: '^(api|projections|eventstore|razorpay-sandbox|bench|e2e)/' },
    },
    {
      name: 'web-apps-are-separate',
      severity: 'error',
      from: { path: '^web-([a-z]+)/' },
      to: { path: WEB_APPS, pathNot: '^web-$1/' },
    },
    {
      name: 'packages-by-name-only',
      comment:
        'another workspace is imported by its package name (@shortlist/x or @shortlist/x/testing), never by a relative path into its folder',
      severity: 'error',
      from: { path: '^([a-z-]+)/' },
      to: {
        dependencyTypes: ['local'],
        path: '^(domain|eventstore|projections|api|razorpay-sandbox|web-kit|web-customer|web-admin|web-influencer)/',
        pathNot: '^$1/',
      },
    },
    {
      name: 'no-cross-feature-imports',
      comment: 'a feature never imports another feature; shared code goes to shared/',
      severity: 'error',
      from: { path: '^([a-z-]+/src)/features/([^/]+)/' },
      to: { path: '^$1/features/', pathNot: '^$1/features/$2/' },
    },
    {
      name: 'features-never-import-the-app',
      comment: 'app/ composes the features (router, layout); features never reach back into it',
      severity: 'error',
      from: { path: '^([a-z-]+/src)/features/' },
      to: { path: '^$1/app/' },
    },
    {
      name: 'no-circular',
      comment:
        'a circle has no bottom: neither module can be read, tested or moved without the other; put what both need in a third module below them',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-shared-below-features',
      comment:
        'shared/ and plugins/ serve the features, so they never reach into one: what a feature and a plugin both need moves down to shared/',
      severity: 'error',
      from: { path: '^api/src/(shared|plugins)/' },
      to: { path: '^api/src/features/' },
    },
    {
      name: 'api-main-only-from-entry-points',
      comment:
        'main/ composes the whole process (server, worker, embedded PostgreSQL); only entry points start it: main itself, CLIs, child processes, the package edge and tests',
      severity: 'error',
      from: {
        path: '^api/src/',
        pathNot: [
          '^api/src/main/',
          '^api/src/index\\.ts$',
          '\\.(cli|child)\\.ts$',
          '\\.spec\\.ts$',
        ],
      },
      to: { path: '^api/src/main/' },
    },
    {
      name: 'production-never-imports-testing',
      comment:
        'testing/ folders hold kits and fixtures for tests; code that ships never depends on them',
      severity: 'error',
      from: {
        path: '^(domain|eventstore|projections|api|web-kit|web-customer|web-admin|web-influencer)/src/',
        pathNot: [
          '(^|/)(testing|battery)/',
          '\\.spec\\.tsx?$',
          '\\.(fixture|child|contract)\\.tsx?$',
          '-testing\\.tsx?$',
        ],
      },
      to: { path: '/testing/' },
    },
    {
      name: 'projections-engine-below-modes',
      comment:
        'engine/ is the subscriber machinery (lease, subscription, heartbeat, backoff); projector/ and reactor/ are its two modes, built on it, so the engine never imports a mode',
      severity: 'error',
      from: { path: '^projections/src/engine/' },
      to: { path: '^projections/src/(projector|reactor)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules|\\.data)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
