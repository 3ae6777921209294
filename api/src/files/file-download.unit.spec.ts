import { describe, expect, it } from 'vitest';
import { contentDisposition } from './file-download';

describe('contentDisposition', () => {
  it('sends the name as an attachment, with an ASCII fallback', () => {
    expect(contentDisposition('cv.pdf')).toBe(
      `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
    );
    expect(contentDisposition('Lebenslauf "ü" 100%.pdf')).toBe(
      `attachment; filename="Lebenslauf ___ 100_.pdf"; filename*=UTF-8''Lebenslauf%20%22%C3%BC%22%20100%25.pdf`,
    );
  });

  it('never sends a bidi override or a control character, even from a name stored before', () => {
    expect(contentDisposition('invoice\u202Efdp.exe.pdf')).toBe(
      `attachment; filename="invoicefdp.exe.pdf"; filename*=UTF-8''invoicefdp.exe.pdf`,
    );
    expect(contentDisposition('a\r\nb\u0000c\u2066.pdf')).toBe(
      `attachment; filename="abc.pdf"; filename*=UTF-8''abc.pdf`,
    );
    expect(contentDisposition('\u202E')).toBe(
      `attachment; filename="download"; filename*=UTF-8''download`,
    );
  });
});
