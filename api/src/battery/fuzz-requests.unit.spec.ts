import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestsFor } from './fuzz-requests';
import {
  carriesIllFormedText,
  HOSTILE_TEXT_KINDS,
  percentEncodeLoosely,
  wtf8,
} from './hostile-text';
import { createArbitraries, type JsonSchema } from './json-schema-arbitrary';
import type { Operation } from './openapi-operations';

/** The contract's text type as the OpenAPI document publishes it (zod: allOf of two patterns). */
const text: JsonSchema = {
  type: 'string',
  maxLength: 200,
  allOf: [
    { pattern: '^(?:[^\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff])*$' },
    { pattern: '^[^\\u0000-\\u001F\\u007F-\\u009F]*$' },
  ],
};

const operation: Operation = {
  method: 'POST',
  path: '/api/things/:id',
  parameters: [
    { name: 'id', in: 'path', required: true, schema: text },
    { name: 'q', in: 'query', required: false, schema: text },
  ],
  body: {
    contentType: 'application/json',
    schema: { type: 'object', properties: { name: text, note: text }, required: ['name'] },
  },
};

const noRef = (ref: string): JsonSchema => {
  throw new Error(`no $ref expected: ${ref}`);
};

const sample = fc.sample(requestsFor(operation, noRef, ['known-id']), { numRuns: 3000, seed: 7 });

const bodyOf = (payload: string | Buffer | undefined): Record<string, unknown> | null => {
  if (typeof payload !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(payload);
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

describe('the schema fuzz requests', () => {
  it('carry unpaired surrogates in body fields, paths and queries, and say so', () => {
    const bodies = sample.map((request) => bodyOf(request.payload));
    const illFormedField = (field: string) =>
      bodies.filter(
        (body) => typeof body?.[field] === 'string' && !(body[field] as string).isWellFormed(),
      ).length;
    expect(illFormedField('name')).toBeGreaterThan(100);
    expect(illFormedField('note')).toBeGreaterThan(100);
    const path = (url: string) => url.split('?')[0] ?? '';
    expect(sample.filter((r) => /%ED%[AB]/i.test(path(r.url))).length).toBeGreaterThan(100);
    expect(sample.filter((r) => /\?.*%ED%[AB]/i.test(r.url)).length).toBeGreaterThan(100);
    for (const request of sample) expect(request.illFormed).toBe(carriesIllFormedText(request));
    expect(sample.filter((request) => request.illFormed).length).toBeGreaterThan(sample.length / 5);
  });

  it.each(Object.keys(HOSTILE_TEXT_KINDS))('put %s text into a string field', (kind) => {
    const values = HOSTILE_TEXT_KINDS[kind as keyof typeof HOSTILE_TEXT_KINDS] as readonly string[];
    const strings = sample.flatMap((request) => {
      const body = bodyOf(request.payload);
      return body === null
        ? []
        : Object.values(body).filter((v): v is string => typeof v === 'string');
    });
    // Some value of the kind, alone or put into a valid one (the 1 MB one is sent alone, rarely).
    const found = values
      .filter((value) => value.length < 100_000 && value !== '')
      .some((value) => strings.some((string) => string.includes(value)));
    expect(found).toBe(true);
  });

  it('make valid values that match every pattern of a field, its own narrower one too', () => {
    const date: JsonSchema = {
      ...text,
      allOf: [...(text.allOf ?? []), { pattern: '^(?:\\d{4}-(?:0[1-9]|1[0-2])|N\\/A)$' }],
    };
    const { valid } = createArbitraries(noRef);
    const values = fc.sample(valid(date), { numRuns: 50, seed: 3 });
    for (const value of values) expect(String(value)).toMatch(/^(?:\d{4}-(?:0[1-9]|1[0-2])|N\/A)$/);
  });

  it('encode an unpaired surrogate in URLs and multipart as its own bytes, not U+FFFD', () => {
    expect(percentEncodeLoosely('a\ud800b')).toBe('a%ED%A0%80b');
    expect(percentEncodeLoosely('é 😀')).toBe(encodeURIComponent('é 😀'));
    expect([...wtf8('\udfff')]).toEqual([0xed, 0xbf, 0xbf]);
    expect(carriesIllFormedText({ url: '/x', payload: wtf8('name=\ud800') })).toBe(true);
    expect(carriesIllFormedText({ url: '/x', payload: Buffer.from('name=\ud800') })).toBe(false);
    expect(carriesIllFormedText({ url: '/x', payload: JSON.stringify({ a: '😀' }) })).toBe(false);
    expect(carriesIllFormedText({ url: '/x', payload: JSON.stringify({ a: 'x\udc00' }) })).toBe(
      true,
    );
  });
});
