import { testEventStore } from '../event-store.contract';
import { createKurrentDbEventStore } from './kurrentdb-event-store.adapter';

/**
 * Runs only where a KurrentDB server is reachable: the vitest project that includes
 * *.kurrentdb.spec.ts exists only when EVENTSTORE_URL is set (e.g. kurrentdb://127.0.0.1:2113?tls=false).
 */
const connectionString = process.env.EVENTSTORE_URL;
if (!connectionString) {
  throw new Error('EVENTSTORE_URL must point at a KurrentDB server to run this file');
}
const url: string = connectionString;

// One server shared by every test: the contract writes to unique streams and never assumes an
// empty store.
testEventStore('KurrentDB', async () => {
  const store = createKurrentDbEventStore({ connectionString: url });
  return { store, teardown: () => store.close() };
});
