/**
 * Test fixture for payment-crash.int.spec.ts, run as a child process: the app as the server
 * builds it (createServices + buildApp on DATABASE_URL, projections, policies and jobs in
 * process, the Razorpay sandbox as provider), listening on PORT, with one difference: when
 * CRASH_AFTER names an event type, the process SIGKILLs itself the moment the store has
 * acknowledged an append holding that event, i.e. after a payment stream's write and before the
 * order stream's. The store is wrapped here, not in the product: no crash switch ships. The
 * sandbox sends no webhooks here (no URL is set), so the test alone decides which channel
 * reports a capture again.
 * It prints one line per fact the test needs:
 *   ready <url>
 *   token <role> <id> <jwt>     for CUSTOMER_ID (role user) and ADMIN_ID (role admin)
 * SIGTERM shuts down gracefully.
 */
import type { EventStore } from '@shortlist/eventstore';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/config';
import { createLogger } from '../../plugins/logging';
import { createServices } from '../../services/create-services';

const config = loadConfig(process.env);
const { DATABASE_URL: databaseUrl, CRASH_AFTER: crashAfter, CUSTOMER_ID, ADMIN_ID } = process.env;
if (!databaseUrl || !CUSTOMER_ID || !ADMIN_ID) {
  throw new Error('DATABASE_URL, CUSTOMER_ID and ADMIN_ID are required');
}
const logger = createLogger(config.logLevel);
const running = await createServices({ config, databaseUrl, logger });

/** The sealing store the app uses, dying right after it stored an event of type CRASH_AFTER. */
function crashingAfter(store: EventStore, type: string | undefined): EventStore {
  if (!type) return store;
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') return Reflect.get(target, property, receiver);
      const append: EventStore['append'] = async (streamName, events, options) => {
        const result = await target.append(streamName, events, options);
        if (events.some((event) => event.type === type)) process.kill(process.pid, 'SIGKILL');
        return result;
      };
      return append;
    },
  });
}

const app = await buildApp({
  config,
  services: { ...running.services, store: crashingAfter(running.services.store, crashAfter) },
  logger,
});
const url = await app.listen({ host: '127.0.0.1', port: config.port });
for (const [role, id] of [
  ['user', CUSTOMER_ID],
  ['admin', ADMIN_ID],
] as const) {
  const { token } = await app.signToken({ id, role });
  process.stdout.write(`token ${role} ${id} ${token}\n`);
}
process.stdout.write(`ready ${url}\n`);

process.once('SIGTERM', () => {
  app
    .close()
    .then(() => running.close())
    .then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
});
