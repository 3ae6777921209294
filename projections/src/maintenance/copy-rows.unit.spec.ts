import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { copyField, copyText } from './copy-rows';

/** How PostgreSQL reads one field of COPY's text format back (the escapes copyField writes). */
function readField(field: string): string | null {
  if (field === '\\N') return null;
  return field.replace(/\\(.)/g, (_, char: string) =>
    char === 't' ? '\t' : char === 'n' ? '\n' : char === 'r' ? '\r' : char,
  );
}

describe("COPY's text format", () => {
  it('writes null as \\N, numbers and booleans as text, JSON as its text', () => {
    expect(copyField(null)).toBe('\\N');
    expect(copyField(42)).toBe('42');
    expect(copyField(false)).toBe('false');
    // JSON's own escape (backslash t) has its backslash doubled, as any backslash.
    expect(copyField({ a: 'x\ty' })).toBe('{"a":"x\\\\ty"}');
    expect(copyField(['\\N'])).toBe('["\\\\\\\\N"]');
  });

  it('escapes the separators and backslash, so any text reads back as it was written', () => {
    const text = fc.string({ unit: fc.constantFrom('a', '\t', '\n', '\r', '\\', 'N', 'é', '😀') });
    fc.assert(
      fc.property(
        fc.array(fc.option(text, { nil: null }), { minLength: 1, maxLength: 5 }),
        (row) => {
          const [line, ...rest] = [...copyText([row])];
          expect(rest).toEqual([]);
          expect(line?.endsWith('\n')).toBe(true);
          const fields = (line ?? '').slice(0, -1).split('\t');
          expect(fields.map(readField)).toEqual(row);
        },
      ),
    );
  });

  it('cuts long loads into chunks of whole rows', () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`row ${i}`, 'x'.repeat(40)]);
    const chunks = [...copyText(rows)];
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => chunk.endsWith('\n'))).toBe(true);
    expect(chunks.join('').split('\n')).toHaveLength(rows.length + 1);
  });
});
