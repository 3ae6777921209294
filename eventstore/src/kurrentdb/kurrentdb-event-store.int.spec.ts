import { testEventStore } from '../event-store.contract';
import { createKurrentDbEventStore } from './kurrentdb-event-store.adapter';
import { startKurrentDbFake } from './testing/kurrentdb-fake-server';

/*
 * The contract against the KurrentDB adapter and the real client, talking gRPC to the protocol
 * fake (testing/README.md): runs everywhere, with no server. The same contract runs against a
 * real KurrentDB in kurrentdb-event-store.kurrentdb.spec.ts when EVENTSTORE_URL is set.
 * A node per test, so each starts empty as a new server does.
 */
testEventStore(
  'KurrentDB adapter on the protocol fake',
  async () => {
    const fake = await startKurrentDbFake();
    const store = createKurrentDbEventStore({ connectionString: fake.connectionString });
    return {
      store,
      teardown: async () => {
        await store.close();
        await fake.stop();
      },
    };
  },
  { freshStore: true },
);
