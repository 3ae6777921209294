import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { DocumentSniffer, DocumentTooLargeError, documentKindOf } from './document-sniffer';
import { documentName } from './document-upload';
import {
  elfExecutable,
  minimalDoc,
  minimalDocx,
  minimalPdf,
  zipArchive,
} from './testing/document-fixtures';

async function sniff(file: Buffer, chunkSize: number, maxBytes = 1024 * 1024) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < file.length; at += chunkSize)
    chunks.push(file.subarray(at, at + chunkSize));
  const sniffer = new DocumentSniffer(maxBytes);
  await pipeline(
    Readable.from(chunks),
    sniffer,
    new Writable({ write: (_chunk, _encoding, done) => done() }),
  );
  return documentKindOf(sniffer.evidence());
}

describe('DocumentSniffer', () => {
  it('tells PDF, DOC and DOCX by content, however the bytes are chunked', async () => {
    for (const chunkSize of [1, 7, 29, 64, 4096]) {
      expect(await sniff(minimalPdf(), chunkSize)).toBe('pdf');
      expect(await sniff(minimalDoc(), chunkSize)).toBe('doc');
      expect(await sniff(minimalDocx(), chunkSize)).toBe('docx');
    }
  });

  it('refuses other zips, executables and text', async () => {
    expect(await sniff(zipArchive([{ name: 'word.xml', data: 'x' }]), 13)).toBeNull();
    expect(await sniff(elfExecutable(), 64)).toBeNull();
    expect(await sniff(Buffer.from('hello'), 64)).toBeNull();
    expect(await sniff(Buffer.alloc(0), 64)).toBeNull();
  });

  it('fails past the size cap while streaming', async () => {
    await expect(sniff(Buffer.alloc(101), 10, 100)).rejects.toBeInstanceOf(DocumentTooLargeError);
    const pdf = minimalPdf();
    expect(await sniff(pdf, 10, pdf.length)).toBe('pdf');
  });
});

describe('documentName', () => {
  it('keeps the base name and makes the extension match the content', () => {
    expect(documentName('cv.pdf', 'pdf')).toBe('cv.pdf');
    expect(documentName('CV.PDF', 'pdf')).toBe('CV.PDF');
    expect(documentName('C:\\Users\\a\\cv.docx', 'docx')).toBe('cv.docx');
    expect(documentName('../../etc/passwd', 'pdf')).toBe('passwd.pdf');
    expect(documentName('cv.docx', 'doc')).toBe('cv.docx.doc');
    expect(documentName('a\u0000b\nc.pdf', 'pdf')).toBe('abc.pdf');
    expect(documentName('', 'pdf')).toBe('resume.pdf');
    expect(documentName(`${'x'.repeat(300)}.pdf`, 'pdf')).toBe(`${'x'.repeat(116)}.pdf`);
  });

  it('drops bidirectional and control characters, traversal and hidden-file dots', () => {
    expect(documentName('invoice\u202Efdp.exe.pdf', 'pdf')).toBe('invoicefdp.exe.pdf');
    expect(documentName('\u2066cv\u2069\u200E\u200F.pdf', 'pdf')).toBe('cv.pdf');
    expect(documentName('cv\u202A\u202B\u202C\u202D\u2067\u2068.docx', 'docx')).toBe('cv.docx');
    expect(documentName('..\\..\\windows\\system.ini', 'doc')).toBe('system.ini.doc');
    expect(documentName('..', 'pdf')).toBe('resume.pdf');
    expect(documentName('.bashrc', 'pdf')).toBe('bashrc.pdf');
    expect(documentName('\u202E\u0000\u2066', 'docx')).toBe('resume.docx');
    expect(documentName('a<b>c:"d"|e?*.pdf', 'pdf')).toBe('a_b_c__d__e__.pdf');
    // Never cut inside a surrogate pair.
    const emoji = documentName('😀'.repeat(200), 'pdf');
    expect(Array.from(emoji)).toHaveLength(120);
    expect(emoji.endsWith('😀.pdf')).toBe(true);
  });
});
