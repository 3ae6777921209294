import type { JsonValue } from '@shortlist/eventstore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sinkEvent, sinkJson, sinkText } from './sink';
import { recordedEvents } from './testing/recorded-events';

describe('the projection sink', () => {
  it('drops what PostgreSQL text and jsonb refuse, keeping the line breaks of a message', () => {
    expect(sinkText('Eve\u0000 Doe\u202E\u0007')).toBe('Eve Doe');
    expect(sinkText('line one\n\tline two\r\n')).toBe('line one\n\tline two\r\n');
  });

  it('repairs unpaired surrogates to U+FFFD, which jsonb refuses as escapes, and keeps pairs', () => {
    expect(sinkText('Asha\ud800 Rao 😀\udfff')).toBe('Asha\ufffd Rao 😀\ufffd');
    expect(sinkJson({ 'k\udc00': ['\ud83d'] })).toEqual({ 'k\ufffd': ['\ufffd'] });
  });

  it('scrubs every string of a JSON value, keys included, and leaves the rest as it is', () => {
    expect(
      sinkJson({ 'na\u0000me': ['a\u0000', { b: 'c\u2066' }], n: 1, ok: true, none: null }),
    ).toEqual({ name: ['a', { b: 'c' }], n: 1, ok: true, none: null });
  });

  it('hands projectors an event whose data and metadata are scrubbed, the same on every replay', () => {
    const [event] = recordedEvents([
      {
        streamName: 'user-1',
        type: 'UserRegistered',
        data: { name: 'Eve\u0000', resume: { 'sum\u0000mary': 'x\u0000' } },
        metadata: { actor: 'user:\u00001' },
      },
    ]);
    if (event === undefined) throw new Error('expected an event');
    const sunk = sinkEvent(event);
    expect(sunk.data).toEqual({ name: 'Eve', resume: { summary: 'x' } });
    expect(sunk.metadata).toEqual({ actor: 'user:1' });
    expect(sinkEvent(event)).toEqual(sunk);
    // The stored event is left untouched.
    expect(event.data.name).toBe('Eve\u0000');
  });

  it('copies only what it scrubs: every string scrubbed as a full copy would, clean values kept as they are', () => {
    // A full copy, key by key, the later of two keys that scrub alike winning.
    const copied = (value: JsonValue): JsonValue => {
      if (typeof value === 'string') return sinkText(value);
      if (Array.isArray(value)) return value.map(copied);
      if (value === null || typeof value !== 'object') return value;
      const result: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(value)) result[sinkText(key)] = copied(item);
      return result;
    };
    const text = fc.string({
      unit: fc.constantFrom('a', 'b', '\u0000', '\ud800', '\n', '\u202e', 'é'),
    });
    const json = fc.letrec<{ value: JsonValue }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(text, tie('value'), { maxKeys: 4, noNullPrototype: true }),
      ),
    })).value;
    fc.assert(
      fc.property(json, (value) => {
        const sunk = sinkJson(value);
        expect(sunk).toStrictEqual(copied(value));
        expect(JSON.stringify(Object.keys(sunk ?? {}))).toBe(
          JSON.stringify(Object.keys(copied(value) ?? {})),
        );
        if (JSON.stringify(copied(value)) === JSON.stringify(value)) expect(sunk).toBe(value);
      }),
    );
  });
});
