import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type EventStore, type JsonObject, type NewEvent, NO_STREAM } from './event-store.port';
import { MAX_JSON_DEPTH, UnstorableEventError, type UnstorableReason } from './storable-event';

/**
 * Part of the EventStore contract (event-store.contract.ts runs it for every adapter): an event
 * whose JSON PostgreSQL cannot hold as jsonb is refused with UnstorableEventError before
 * anything is written, on every adapter, so no store keeps an event its read side could never
 * project. Everything jsonb does hold is stored and read back exactly.
 */
export function describeUnstorableEvents(storeUnderTest: () => EventStore): void {
  describe('events PostgreSQL cannot store', () => {
    const stream = () => `unstorable-${randomUUID()}`;
    const event = (data: JsonObject, metadata: JsonObject = { actor: 'contract' }): NewEvent => ({
      id: randomUUID(),
      type: 'ThingHappened',
      data,
      metadata,
    });

    const nested = (depth: number): JsonObject => {
      let value: JsonObject = { leaf: true };
      for (let level = 1; level < depth; level += 1) value = { child: value };
      return value;
    };

    const refused: [string, JsonObject, JsonObject | undefined, string, UnstorableReason][] = [
      [
        'a lone high surrogate in a value',
        { name: 'Asha\ud800' },
        undefined,
        'data.name',
        'ill-formed-text',
      ],
      [
        'a lone low surrogate in a value',
        { name: '\udfff' },
        undefined,
        'data.name',
        'ill-formed-text',
      ],
      [
        'a reversed pair deep in a list',
        { list: [{ text: ['ok', 'a\ude00\ud83d'] }] },
        undefined,
        'data.list[0].text[1]',
        'ill-formed-text',
      ],
      ['a lone surrogate in a key', { 'k\ud800': 1 }, undefined, 'data (a key)', 'ill-formed-text'],
      [
        'a lone surrogate in metadata',
        { ok: 1 },
        { actor: '\ud800' },
        'metadata.actor',
        'ill-formed-text',
      ],
      ['NUL in a value', { note: 'a\u0000b' }, undefined, 'data.note', 'nul'],
      ['NUL in a key', { 'a\u0000': 'x' }, undefined, 'data (a key)', 'nul'],
      ['NaN', { amount: Number.NaN }, undefined, 'data.amount', 'not-json'],
      ['Infinity', { amount: Number.POSITIVE_INFINITY }, undefined, 'data.amount', 'not-json'],
      [
        'nesting past the limit',
        nested(MAX_JSON_DEPTH + 1),
        undefined,
        'data.child.child',
        'too-deep',
      ],
    ];

    it.each(refused)(
      'refuses %s and writes nothing',
      async (_name, data, metadata, path, reason) => {
        const store = storeUnderTest();
        const name = stream();
        const error = await store.append(name, [event(data, metadata)]).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(UnstorableEventError);
        expect(error).toMatchObject({ reason, streamName: name, eventType: 'ThingHappened' });
        // Exact, but for the deep case, whose path runs through every level.
        expect((error as UnstorableEventError).path.startsWith(path)).toBe(true);
        expect((await store.readStream(name)).currentVersion).toBe(NO_STREAM);
      },
    );

    it('names where the bad value is, never the value', async () => {
      const error = await storeUnderTest()
        .append(stream(), [event({ personal: { fullName: 'Asha Secret\ud800' } })])
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ path: 'data.personal.fullName', reason: 'ill-formed-text' });
      expect(String((error as Error).message)).not.toContain('Secret');
    });

    it('refuses an event type, an event id or a stream name that text cannot hold', async () => {
      const store = storeUnderTest();
      const lone = `unstorable-${randomUUID()}\ud800`;
      await expect(store.append(lone, [event({ ok: 1 })])).rejects.toMatchObject({
        path: 'streamName',
        reason: 'ill-formed-text',
      });
      const name = stream();
      await expect(
        store.append(name, [{ ...event({ ok: 1 }), type: 'Thing\u0000Happened' }]),
      ).rejects.toMatchObject({ path: 'type', reason: 'nul' });
      expect((await store.readStream(name)).currentVersion).toBe(NO_STREAM);
    });

    it('refuses the whole append when one of its events is un-storable', async () => {
      const store = storeUnderTest();
      const name = stream();
      await store.append(name, [event({ n: 0 })]);
      await expect(
        store.append(name, [event({ n: 1 }), event({ n: 2, text: '\udc00' }), event({ n: 3 })], {
          expectedVersion: 0,
        }),
      ).rejects.toBeInstanceOf(UnstorableEventError);
      const read = await store.readStream(name);
      expect(read.events.map((e) => e.data.n)).toEqual([0]);
      // The stream is intact: the next append at its version goes through.
      await store.append(name, [event({ n: 1 })], { expectedVersion: 0 });
    });

    it('stores and reads back exactly everything jsonb holds', async () => {
      const store = storeUnderTest();
      const name = stream();
      const data: JsonObject = {
        emoji: '😀 CV 👩🏽‍💻',
        combining: 'e\u0301\u0308\u0327',
        bidi: 'a\u202eb\u2066c\u2069 \u061c\u200e\u200f',
        controls: '\u0001\u001f\u007f\u0085\u009f\t\r\n',
        separators: '\u2028\u2029',
        nonCharacters: '\ufffe\uffff\ufdd0\u{1fffe}\u{10ffff}',
        replacement: '\ufffd',
        quotes: '"\\\'/',
        atTheLimit: nested(MAX_JSON_DEPTH - 1),
        long: 'x'.repeat(200_000),
        numbers: [0, -0, 1.5, -1e300, Number.MAX_SAFE_INTEGER],
      };
      await store.append(name, [event(data)]);
      const [stored] = (await store.readStream(name)).events;
      expect(stored?.data).toEqual({
        ...data,
        numbers: [0, 0, 1.5, -1e300, Number.MAX_SAFE_INTEGER],
      });
    });
  });
}
