import { describe, expect, it } from 'vitest';
import { documentName } from './document-upload';
import { contentDisposition } from './file-download';
import { shownFileName } from './shown-file-name';

/**
 * Unicode's Bidi_Control set, every one of which can make a file name read differently from
 * what it is (U+061C, the Arabic letter mark, was the one kept before).
 */
const BIDI_CONTROLS = [
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

describe('file names', () => {
  it('the list is the whole Bidi_Control property', () => {
    const all = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
      (char) => /\p{Bidi_Control}/u.test(char),
    );
    expect(all).toEqual(BIDI_CONTROLS);
  });

  it.each(
    BIDI_CONTROLS.map((char) => [`U+${char.codePointAt(0)?.toString(16).toUpperCase()}`, char]),
  )('drop %s where an upload is named, shown and sent', (_code, char) => {
    expect(documentName(`cv${char}fdp.exe.pdf`, 'pdf')).toBe('cvfdp.exe.pdf');
    expect(shownFileName(`cv${char}.pdf`)).toBe('cv.pdf');
    expect(contentDisposition(`cv${char}.pdf`)).toBe(
      `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
    );
  });

  it('keep Arabic and Hebrew names readable without the marks', () => {
    expect(documentName('\u061cسيرة ذاتية.pdf', 'pdf')).toBe('سيرة ذاتية.pdf');
    expect(shownFileName('קורות\u200f חיים.docx')).toBe('קורות חיים.docx');
  });

  it('repair an unpaired surrogate a name was stored with, instead of failing the download', () => {
    expect(shownFileName('cv\ud83d.pdf')).toBe('cv\ufffd.pdf');
    expect(contentDisposition('cv\ud83d.pdf')).toBe(
      `attachment; filename="cv_.pdf"; filename*=UTF-8''cv%EF%BF%BD.pdf`,
    );
    expect(documentName('cv\udc00.pdf', 'pdf')).toBe('cv\ufffd.pdf');
  });
});
