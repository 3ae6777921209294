import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters, multiLineText, scrubText, singleLineText } from './text';

// The characters the rule is about, mixed with any UTF-16 unit (fast-check's own 'binary' unit
// takes seconds to warm up, which a loaded machine turns into a timeout).
const textUnit = fc.oneof(
  fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085'),
  fc.constantFrom('\u200e', '\u200f', '\u2028', '\u202e', '\u2066', '\u2069', 'é', '😀'),
  fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)),
);

describe('the contract text type', () => {
  it.each([
    ['NUL', 'Asha\u0000'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007f'],
    ['C1', 'a\u0085b'],
    ['right-to-left override', 'invoice\u202Efdp.exe'],
    ['first-strong isolate', 'a\u2068b'],
    ['line separator', 'a\u2028b'],
  ])('refuses %s everywhere', (_name, value) => {
    expect(singleLineText().safeParse(value).success).toBe(false);
    expect(multiLineText().safeParse(value).success).toBe(false);
  });

  it('allows tabs and line breaks only in multi-line text', () => {
    for (const value of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(singleLineText().safeParse(value).success).toBe(false);
      expect(multiLineText().safeParse(value).success).toBe(true);
    }
  });

  it('accepts ordinary text in any script, emoji included', () => {
    for (const value of ['Asha Rao', 'José Müller', 'أحمد', 'שלום', '张伟', 'CV 😀', '']) {
      expect(singleLineText().safeParse(value).success).toBe(true);
    }
  });

  it('scrubbed text is always accepted and keeps what was allowed', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: textUnit, maxLength: 40 }),
        fc.boolean(),
        (value, multiline) => {
          const scrubbed = scrubText(value, { multiline });
          expect(hasForbiddenCharacters(scrubbed, { multiline })).toBe(false);
          expect(scrubbed.includes('\u0000')).toBe(false);
          if (!hasForbiddenCharacters(value, { multiline }) && multiline) {
            expect(scrubbed).toBe(value);
          }
        },
      ),
    );
  });
});
