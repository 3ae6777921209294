import { config } from 'zod';

// The apps run under the server's Content-Security-Policy, which has no 'unsafe-eval'. zod
// compiles object schemas with `new Function` when it may, and finds out whether it may by
// trying: under the policy that try is refused and reported as a violation on every page that
// parses a form. Its interpreter gives the same results without the probe.
config({ jitless: true });
