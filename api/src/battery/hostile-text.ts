import fc from 'fast-check';

/**
 * The text a careless or malicious caller sends, by kind, for the schema fuzz to put into every
 * string field, query and path parameter (json-schema-arbitrary.ts, fuzz-requests.ts), and the
 * encodings that carry it where UTF-8 cannot: a URL or a multipart part holds bytes, so an
 * unpaired surrogate travels there as the three bytes a careless encoder writes for it
 * (WTF-8 / CESU-8: ED A0 80 for U+D800), which a careless decoder would turn back into one.
 */

/** Unpaired UTF-16 surrogates: JSON carries them as `\ud800` escapes; jsonb refuses them. */
const ILL_FORMED_TEXT: readonly string[] = [
  '\ud800',
  '\udfff',
  'Asha\ud800 Rao',
  'end\ud83d',
  '\ude00start',
  'a\ude00\ud83db',
  '\udbff\udbff',
  '\udc00'.repeat(64),
];

/** Very long text: far past every limit of the contract, refused without choking. */
const LONG = 'a'.repeat(10_000);
const HUGE = 'a'.repeat(1024 * 1024);

export const HOSTILE_TEXT_KINDS = {
  illFormed: ILL_FORMED_TEXT,
  nul: ['\u0000', 'name\u0000with nul', '%00'],
  c0Controls: ['\u0001\u0002\u0007\u001b[31m', 'line\r\nbreak', '\t', '\u000b\u000c'],
  c1Controls: ['\u0085\u009f', '\u0080x\u009b'],
  bidiOverrides: ['\u202egnp.exe', 'safe\u2066isolate\u2069', '\u202a\u202b\u202c\u202d'],
  bidiMarks: ['\u200e\u200f', '\u061cسيرة', 'cv\u061c.pdf'],
  lineSeparators: ['\u2028', 'para\u2029graph'],
  nonCharacters: ['\ufffe', '\uffff', '\ufdd0\ufdef', '\u{1fffe}\u{10ffff}'],
  astral: ['😀'.repeat(40), '👩🏽‍💻', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\u{10000}'],
  combiningMarks: ['e\u0301\u0308\u0327', `Z${'\u0336\u0337\u0338'.repeat(300)}`, '\u0301'],
  veryLong: [LONG, `${'é'.repeat(5_000)}\ud800`, HUGE],
  injection: [
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '__proto__',
    'constructor',
    '{"$gt":""}',
  ],
  lookalikes: ['', ' ', '0', '-1', '1e309', 'NaN', 'null', 'true'],
} as const satisfies Record<string, readonly string[]>;

/** Every hostile string, the 1 MB one last (callers that cannot afford it slice it off). */
export const HOSTILE_STRINGS: readonly string[] = [
  ...Object.values(HOSTILE_TEXT_KINDS)
    .flat()
    .filter((value) => value !== HUGE),
  HUGE,
];

/** A hostile fragment, mostly of the kinds that break sinks rather than of sheer size. */
export const hostileFragment: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...ILL_FORMED_TEXT) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      ...HOSTILE_TEXT_KINDS.nul,
      ...HOSTILE_TEXT_KINDS.c0Controls,
      ...HOSTILE_TEXT_KINDS.c1Controls,
      ...HOSTILE_TEXT_KINDS.bidiOverrides,
      ...HOSTILE_TEXT_KINDS.bidiMarks,
      ...HOSTILE_TEXT_KINDS.lineSeparators,
      ...HOSTILE_TEXT_KINDS.nonCharacters,
      ...HOSTILE_TEXT_KINDS.astral,
      ...HOSTILE_TEXT_KINDS.combiningMarks,
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(LONG, `${'é'.repeat(5_000)}\ud800`) },
);

/** `value` with `fragment` put in at `at` (0..1 of its length): most of it still valid. */
export function insertFragment(value: string, fragment: string, at: number): string {
  const index = Math.floor(value.length * at);
  return `${value.slice(0, index)}${fragment}${value.slice(index)}`;
}

/**
 * UTF-8, except that an unpaired surrogate is written as its own three bytes (WTF-8), as a
 * careless encoder does; `Buffer.from` would write U+FFFD instead and hide it.
 */
export function wtf8(value: string): Buffer {
  if (value.isWellFormed()) return Buffer.from(value, 'utf8');
  const parts: Buffer[] = [];
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code >= 0xd800 && code <= 0xdfff) {
      parts.push(
        Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]),
      );
    } else {
      parts.push(Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.concat(parts);
}

/** Percent-encoding of `value`'s WTF-8 bytes: `encodeURIComponent`, which throws on a surrogate. */
export function percentEncodeLoosely(value: string): string {
  if (value.isWellFormed()) return encodeURIComponent(value);
  return [...wtf8(value)]
    .map((byte) => {
      const char = String.fromCharCode(byte);
      return /[A-Za-z0-9\-_.!~*'()]/.test(char)
        ? char
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/** The bytes of an unpaired surrogate in WTF-8 (ED A0–BF 80–BF). */
const SURROGATE_BYTES = /\xed[\xa0-\xbf][\x80-\xbf]/;
const ENCODED_SURROGATE = /%ED%[AB][0-9A-F]%[89AB][0-9A-F]/i;

/** True when a request carries ill-formed UTF-16 in its URL, JSON body or multipart body. */
export function carriesIllFormedText(request: { url: string; payload?: string | Buffer }): boolean {
  if (ENCODED_SURROGATE.test(request.url)) return true;
  const { payload } = request;
  if (payload === undefined) return false;
  if (Buffer.isBuffer(payload)) return SURROGATE_BYTES.test(payload.toString('latin1'));
  return jsonHoldsIllFormedText(payload);
}

function jsonHoldsIllFormedText(payload: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return !payload.isWellFormed();
  }
  const walk = (value: unknown): boolean => {
    if (typeof value === 'string') return !value.isWellFormed();
    if (Array.isArray(value)) return value.some(walk);
    if (typeof value === 'object' && value !== null) {
      return Object.entries(value).some(([key, item]) => !key.isWellFormed() || walk(item));
    }
    return false;
  };
  return walk(parsed);
}
