/**
 * Imported first by each app's entry (`import '@shortlist/web-kit/schema-parsing'`), before any
 * module that builds a schema. The apps run under the server's Content-Security-Policy, which
 * has no 'unsafe-eval'. zod decides, when an object schema is built, whether to compile its
 * parser with `new Function`, and finds out whether it may by trying: under the policy that try
 * is refused and reported as a violation on every page. Its interpreter gives the same results
 * without the probe.
 *
 * Set without importing zod: zod 4 keeps its settings on `globalThis.__zod_globalConfig` (one
 * object shared by every copy of zod on the page) and adopts the object it finds there. Calling
 * zod's `config()` here would put zod in every app's first load, while the customer's first page
 * builds no schema at all (zod loads with the first screen or dialog that parses an answer).
 * schema-parsing.spec.ts checks that zod reads this setting, so an upgrade that moves it fails.
 *
 * Its own entry, not a side-effect import in the kit's index: the customer build treats the
 * kit's modules as side-effect free (to tree-shake them), which dropped that import.
 */
interface ZodGlobalConfigHolder {
  __zod_globalConfig?: { jitless?: boolean };
}

const holder = globalThis as ZodGlobalConfigHolder;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// A module (not a script), so it has its own scope and can be imported for its effect.
export {};
