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
});
