import { randomBytes } from 'node:crypto';
import { personalFieldsOf } from '@shortlist/domain';
import {
  assertStorableEvents,
  canAppendSideRows,
  type EventStore,
  type JsonObject,
  type NewEvent,
  NO_STREAM,
  type RecordedEvent,
  repairUnstorableText,
} from '@shortlist/eventstore';
import { isSealedField, openField, sealField } from './field-cipher';
import type { KeyVault } from './key-vault';

/**
 * Crypto-shredding as an EventStore decorator: the personal fields that domain's PERSONAL_FIELDS
 * names are sealed with the stream's key on the way in and opened on the way out. Everything
 * above (command handlers, projections, audit) sees plain events; once a stream's key is erased
 * those fields read as null while every event still replays.
 */
export function encryptingEventStore(inner: EventStore, vault: KeyVault): EventStore {
  // Opened copies of events the store handed out as objects: the PostgreSQL store gives every
  // live subscription of a process the same objects for the newest events (shared-tail.ts), so
  // nine subscribers look up keys for and decrypt each event once, not nine times, even when
  // they ask at the same moment. Weak: an entry lives only while the store holds its event.
  const opened = new WeakMap<RecordedEvent, Promise<RecordedEvent>>();

  function open(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const sealed = events.filter((event) => !opened.has(event) && isSealed(event));
    if (sealed.length > 0) {
      const keys = vault.keysFor(
        sealed.map((event) => event.streamName),
        { create: false },
      );
      for (const event of sealed)
        opened.set(
          event,
          keys.then((found) => openEvent(event, found)),
        );
      // A failed lookup is not remembered: the subscriber's retry asks the vault again.
      keys.catch(() => {
        for (const event of sealed) opened.delete(event);
      });
    }
    return Promise.all(events.map((event) => opened.get(event) ?? event));
  }

  return {
    async append(streamName, events, options) {
      // Checked in clear: once sealed, a personal field is ciphertext that any store accepts,
      // and what it hides would fail every projection that opens it.
      assertStorableEvents(streamName, events);
      if (
        options?.expectedVersion === NO_STREAM &&
        canAppendSideRows(inner) &&
        holdsPersonalFields(events)
      ) {
        // A new stream's key is made here and stored by the append itself, in its transaction:
        // no round trip to the vault first, and never events without their key (or a key
        // without its events, but for a stream the store then refuses as existing). A key
        // already stored for this name (erased, or made by a racing writer) fails the append
        // as a whole, and the vault's own way below takes over.
        const key = randomBytes(32);
        try {
          const result = await inner.appendWithSideRow(
            streamName,
            sealWith(key, streamName, events),
            options,
            { key: streamName, value: key },
          );
          vault.adopt(streamName, key);
          return result;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      return inner.append(streamName, await sealPersonalFields(vault, streamName, events), options);
    },
    async readStream(streamName, options) {
      const result = await inner.readStream(streamName, options);
      return { ...result, events: await open(result.events) };
    },
    async readAll(options) {
      return open(await inner.readAll(options));
    },
    subscribe(options, handler) {
      return inner.subscribe(options, async (events) => handler(await open(events)));
    },
    headPosition: () => inner.headPosition(),
    committedHeadPosition: () => inner.committedHeadPosition(),
    close: () => inner.close(),
  };
}

/**
 * The personal fields of `events` sealed with the stream's key (created when it has none). An
 * erased stream keeps no new personal data: its fields are dropped, not stored in clear.
 */
export async function sealPersonalFields(
  vault: KeyVault,
  streamName: string,
  events: NewEvent[],
): Promise<NewEvent[]> {
  if (!holdsPersonalFields(events)) return events;
  const key = (await vault.keysFor([streamName], { create: true })).get(streamName) ?? null;
  return sealWith(key, streamName, events);
}

const holdsPersonalFields = (events: NewEvent[]) =>
  events.some((event) => personalFieldsOf(event.type).length > 0);

/** The personal fields sealed with `key`; dropped (null) when the stream's key is erased. */
function sealWith(key: Buffer | null, streamName: string, events: NewEvent[]): NewEvent[] {
  return events.map((event) => {
    const fields = personalFieldsOf(event.type);
    if (fields.length === 0) return event;
    const data: JsonObject = { ...event.data };
    for (const field of fields) {
      const value = data[field];
      if (value === undefined) continue;
      data[field] = key === null ? null : sealField(key, aad(streamName, field), value);
    }
    return { ...event, data };
  });
}

/** PostgreSQL's unique_violation: the side row's key was there already. */
function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505'
  );
}

const aad = (streamName: string, field: string) => `${streamName}\n${field}`;

function openEvent(event: RecordedEvent, keys: Map<string, Buffer | null>): RecordedEvent {
  const key = keys.get(event.streamName) ?? null;
  const data: JsonObject = { ...event.data };
  for (const field of personalFieldsOf(event.type)) {
    const value = data[field];
    if (!isSealedField(value)) continue;
    // Older versions sealed text before anything refused unpaired surrogates or NUL: what is
    // opened is made storable again, so a command or a policy that copies it into a new event,
    // or a projection that writes it, never fails on history.
    data[field] =
      key === null
        ? null
        : repairUnstorableText(openField(key, aad(event.streamName, field), value));
  }
  return { ...event, data };
}

const isSealed = (event: RecordedEvent) =>
  personalFieldsOf(event.type).some((field) => isSealedField(event.data[field]));
