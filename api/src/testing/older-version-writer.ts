import {
  type AppendResult,
  createPostgresEventStore,
  type EventStore,
  type ExpectedVersion,
  type NewEvent,
} from '@shortlist/eventstore';
import { sealPersonalFields } from '../personal-data/encrypting-event-store';
import type { KeyVault } from '../personal-data/key-vault';

interface Target {
  databaseUrl: string;
  services: { store: EventStore; vault: KeyVault };
}

/**
 * Appends the way the versions before the store checked events did: personal fields sealed with
 * the stream's key as given, then written by the PostgreSQL store, whose own check sees only
 * their ciphertext. So an unpaired surrogate or a NUL inside a personal field lands exactly as
 * those versions stored it: the history the read side, the commands and the e-mail
 * reservations must still cope with. (Outside personal fields PostgreSQL refused such text then
 * as now: nothing of that kind was ever stored there.)
 */
export async function appendAsOlderVersion(
  target: Target,
  streamName: string,
  events: NewEvent[],
  options: { expectedVersion?: ExpectedVersion } = {},
): Promise<AppendResult> {
  const raw = createPostgresEventStore({ connectionString: target.databaseUrl });
  try {
    const sealed = await sealPersonalFields(target.services.vault, streamName, events);
    return await raw.append(streamName, sealed, options);
  } finally {
    await raw.close();
  }
}

/**
 * The app's store as the older versions had it: appends as above, reads as the app reads. Hand
 * it to the real command handlers (registerAccount, handleCommand) to store what those versions'
 * commands stored.
 */
export function olderVersionStore(target: Target): EventStore {
  const { store } = target.services;
  return {
    append: (streamName, events, options) =>
      appendAsOlderVersion(target, streamName, events, options),
    readStream: (streamName, options) => store.readStream(streamName, options),
    readAll: (options) => store.readAll(options),
    subscribe: (options, handler) => store.subscribe(options, handler),
    headPosition: () => store.headPosition(),
    committedHeadPosition: () => store.committedHeadPosition(),
    close: async () => undefined,
  };
}
