import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  hasForbiddenCharacters,
  isWellFormedText,
  multiLineText,
  scrubText,
  singleLineText,
  TEXT_MESSAGES,
} from './text';

// The characters the rule is about, mixed with any UTF-16 unit (fast-check's own 'binary' unit
// takes seconds to warm up, which a loaded machine turns into a timeout).
const textUnit = fc.oneof(
  fc.constantFrom('\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085'),
  fc.constantFrom('\u200e', '\u200f', '\u061c', '\u2028', '\u202e', '\u2066', '\u2069', 'é', '😀'),
  fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00'),
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
  it('scrubbing answers each character as the rule says, clean or not (the fast path included)', () => {
    // The rule spelled out character by character: unpaired surrogates to U+FFFD, then every
    // character the contract refuses dropped, and on one line the bidi marks too.
    const dropped = (char: string, multiline: boolean) =>
      hasForbiddenCharacters(char, { multiline }) ||
      (!multiline && /[\u061c\u200e\u200f]/.test(char));
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: textUnit, maxLength: 40 }), fc.string({ maxLength: 40 })),
        fc.boolean(),
        (value, multiline) => {
          const expected = [...value.toWellFormed()].filter((char) => !dropped(char, multiline));
          expect(scrubText(value, { multiline })).toBe(expected.join(''));
        },
      ),
    );
  });

  it.each([
    ['a lone high surrogate', 'Asha\ud800'],
    ['a lone low surrogate', '\udfffAsha'],
    ['a reversed pair', 'a\ude00\ud83d'],
    ['a high surrogate at the end', 'CV \ud83d'],
  ])('refuses %s with the invalid-Unicode message', (_name, value) => {
    for (const schema of [singleLineText(), multiLineText()]) {
      const parsed = schema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([TEXT_MESSAGES.illFormed]);
    }
  });

  it('tells well-formed text exactly as String.prototype.isWellFormed does', () => {
    fc.assert(
      fc.property(fc.string({ unit: textUnit, maxLength: 40 }), (value) => {
        expect(isWellFormedText(value)).toBe(value.isWellFormed());
        expect(singleLineText().safeParse(value).success).toBe(
          value.isWellFormed() && !hasForbiddenCharacters(value, { multiline: false }),
        );
      }),
    );
  });

  it('describes the rule in the JSON Schema with a pattern that means the same with or without the u flag', () => {
    const schema = z.toJSONSchema(singleLineText(), { io: 'input' });
    const patterns = (schema.allOf ?? []).map((part) => (part as { pattern?: string }).pattern);
    const wellFormed = patterns.find((pattern) => pattern?.includes('ud800'));
    expect(wellFormed).toBeDefined();
    for (const flags of ['', 'u']) {
      const pattern = new RegExp(wellFormed ?? '', flags);
      expect(pattern.test('Asha 😀 Rao')).toBe(true);
      expect(pattern.test('Asha \ud83d Rao')).toBe(false);
      expect(pattern.test('\ude00')).toBe(false);
    }
  });

  it('scrubbing repairs unpaired surrogates to U+FFFD and keeps pairs', () => {
    expect(scrubText('Asha\ud800 😀\udfff', { multiline: true })).toBe('Asha\ufffd 😀\ufffd');
    expect(scrubText('a\ude00\ud83d', { multiline: false })).toBe('a\ufffd\ufffd');
  });

  it('single-line scrubbing drops every Bidi_Control character', () => {
    const bidiControls = [
      '\u061c',
      '\u200e',
      '\u200f',
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ];
    for (const char of bidiControls) {
      expect(scrubText(`cv${char}fdp.exe`, { multiline: false })).toBe('cvfdp.exe');
      expect(/\p{Bidi_Control}/u.test(char)).toBe(true);
    }
    // Every Bidi_Control code point of Unicode is in the list.
    const all = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
      (char) => /\p{Bidi_Control}/u.test(char),
    );
    expect(all).toEqual(bidiControls);
  });
});
