import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { JsonObject, NewEvent } from './event-store.port';
import { assertStorableEvents, repairUnstorableText, UnstorableEventError } from './storable-event';

const event = (data: JsonObject): NewEvent => ({
  id: randomUUID(),
  type: 'ThingHappened',
  data,
  metadata: {},
});

describe('storable events', () => {
  it('let absent optional fields through, as JSON leaves them out', () => {
    expect(() =>
      assertStorableEvents('s-1', [
        event({ a: undefined, b: [undefined] } as unknown as JsonObject),
      ]),
    ).not.toThrow();
  });

  it('refuse more than jsonb holds in one value, counted in UTF-8 bytes', () => {
    // One 70 MB string four times: 280 MB of JSON past jsonb's 256 MB, without 280 MB of memory.
    const big = 'é'.repeat(35_000_000);
    const refuse = () => assertStorableEvents('s-1', [event({ parts: [big, big, big, big] })]);
    expect(refuse).toThrow(UnstorableEventError);
    expect(refuse).toThrow(/more than 256 MB/);
    expect(() => assertStorableEvents('s-1', [event({ parts: [big, big, big] })])).not.toThrow();
  });

  it('repair what older versions sealed: U+FFFD for an unpaired surrogate, NUL dropped, keys too', () => {
    expect(
      repairUnstorableText({ 'na\ud800me': ['Asha\u0000 \udfff', { ok: '😀' }], n: 1, none: null }),
    ).toEqual({ 'na\ufffdme': ['Asha \ufffd', { ok: '😀' }], n: 1, none: null });
    const clean = 'Asha Rao';
    expect(repairUnstorableText(clean)).toBe(clean);
  });

  it('a repaired value is always storable', () => {
    const repaired = repairUnstorableText({ text: '\ud83d\u0000\udc00x' }) as JsonObject;
    expect(() => assertStorableEvents('s-1', [event(repaired)])).not.toThrow();
  });
});
