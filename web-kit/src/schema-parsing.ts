import { config } from 'zod';

/**
 * Imported first by each app's entry (`import '@shortlist/web-kit/schema-parsing'`), before any
 * module that builds a schema. The apps run under the server's Content-Security-Policy, which
 * has no 'unsafe-eval'. zod decides, when an object schema is built, whether to compile its
 * parser with `new Function`, and finds out whether it may by trying: under the policy that try
 * is refused and reported as a violation on every page. Its interpreter gives the same results
 * without the probe.
 *
 * Its own entry, not a side-effect import in the kit's index: the customer build treats the
 * kit's modules as side-effect free (to tree-shake them), which dropped that import.
 */
config({ jitless: true });
