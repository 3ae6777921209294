import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { minimalDocx, minimalPdf } from '../../files/testing/document-fixtures';
import {
  hugePartDocx,
  inflatingPdf,
  linesDocx,
  manyParagraphsDocx,
  manyPartsDocx,
} from '../../files/testing/hostile-documents';
import { HttpError } from '../http-error';
import { documentText } from './document-text';
import { checkDocxPackage } from './docx-package-check';
import { EXTRACTION_LIMITS, EXTRACTION_MESSAGES } from './extraction-limits';
import { checkPdfStreams } from './pdf-stream-check';
import { XmlTally } from './xml-tally';

const MIB = 1024 * 1024;

async function refusal(check: Promise<void>): Promise<string> {
  const error = await check.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(422);
  return (error as HttpError).message;
}

describe('XmlTally', () => {
  const xml =
    '<?xml version="1.0"?><w:document xmlns:w="w"><w:body>' +
    '<w:p w:rsid="a>b"><w:r><w:t xml:space="preserve">Asha</w:t></w:r><w:r/></w:p>' +
    '<x:p/><!-- a comment --><w:tbl><w:tr><w:tc><w:p/></w:tc></w:tr></w:tbl></w:body></w:document>';

  it('counts elements, paragraphs and runs under any prefix, depth and text, however chunked', () => {
    for (const size of [1, 3, 7, xml.length]) {
      const tally = new XmlTally();
      const bytes = Buffer.from(xml);
      for (let at = 0; at < bytes.length; at += size) tally.push(bytes.subarray(at, at + size));
      expect(tally).toMatchObject({
        elements: 11,
        paragraphs: 3,
        runs: 2,
        maxDepth: 6,
        depth: 0,
        textBytes: 4,
        doctype: false,
      });
    }
  });

  it('notices a DOCTYPE', () => {
    const tally = new XmlTally();
    tally.push(Buffer.from('<?xml version="1.0"?><!doctype x [<!ENTITY a "b">]><x>&a;</x>'));
    expect(tally.doctype).toBe(true);
  });
});

describe('checkDocxPackage', () => {
  it('lets an ordinary DOCX through', async () => {
    await checkDocxPackage(minimalDocx());
    await checkDocxPackage(await linesDocx(['Asha Rao', 'Experience']));
  });

  it('refuses a part that inflates past its cap, by inflating it, not by its declared size', async () => {
    const bomb = await hugePartDocx(EXTRACTION_LIMITS.docxPartBytes + MIB);
    expect(await refusal(checkDocxPackage(bomb))).toBe(EXTRACTION_MESSAGES.tooComplex);
    // The same bomb declaring a tiny size in both of its headers.
    const lying = Buffer.from(bomb);
    for (
      let at = lying.indexOf('PK\x01\x02');
      at !== -1;
      at = lying.indexOf('PK\x01\x02', at + 4)
    ) {
      lying.writeUInt32LE(100, at + 24);
    }
    for (
      let at = lying.indexOf('PK\x03\x04');
      at !== -1;
      at = lying.indexOf('PK\x03\x04', at + 4)
    ) {
      lying.writeUInt32LE(100, at + 22);
    }
    // Refused (as damaged, when the zip reader notices the lie, or as too large).
    await refusal(checkDocxPackage(lying));
  });

  it('refuses too many parts, and parts that add up past the total', async () => {
    await refusal(checkDocxPackage(await manyPartsDocx(EXTRACTION_LIMITS.docxParts, 10)));
    await refusal(checkDocxPackage(await manyPartsDocx(70, MIB)));
    await checkDocxPackage(await manyPartsDocx(40, MIB));
  });

  it('refuses too many paragraphs and a DOCTYPE, and what is not a zip', async () => {
    await refusal(checkDocxPackage(await manyParagraphsDocx(EXTRACTION_LIMITS.xmlParagraphs + 1)));
    await checkDocxPackage(await manyParagraphsDocx(EXTRACTION_LIMITS.xmlParagraphs - 10));
    expect(await refusal(checkDocxPackage(Buffer.from('PK not a zip')))).not.toBe(
      EXTRACTION_MESSAGES.tooComplex,
    );
  });
});

describe('checkPdfStreams', () => {
  const pdfWithStream = (dictionary: string, data: Buffer) =>
    Buffer.concat([
      minimalPdf(),
      Buffer.from(`9 0 obj\n<<${dictionary}>>\nstream\n`, 'latin1'),
      data,
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    ]);

  it('lets ordinary streams through', async () => {
    await checkPdfStreams(minimalPdf());
    await checkPdfStreams(pdfWithStream('/Length 5', Buffer.from('hello')));
    await checkPdfStreams(pdfWithStream('/Filter/FlateDecode', deflateSync(Buffer.alloc(MIB))));
  });

  it('refuses a stream that inflates past its cap, whatever its dictionary says', async () => {
    await refusal(checkPdfStreams(await inflatingPdf(EXTRACTION_LIMITS.pdfStreamBytes + MIB)));
    // No filter named at all, a wrong length: pdf.js still inflates data with a zlib header.
    const bomb = deflateSync(Buffer.alloc(EXTRACTION_LIMITS.pdfStreamBytes + MIB));
    await refusal(checkPdfStreams(pdfWithStream('/Length 3', bomb)));
  });

  it('refuses streams that add up past the total', async () => {
    const each = deflateSync(Buffer.alloc(EXTRACTION_LIMITS.pdfStreamBytes - MIB));
    const many = Buffer.concat([
      pdfWithStream('/Filter/FlateDecode', each),
      pdfWithStream('/Filter/FlateDecode', each),
      pdfWithStream('/Filter/FlateDecode', each),
      pdfWithStream('/Filter/FlateDecode', each),
    ]);
    await refusal(checkPdfStreams(many));
  });

  it('counts decoders that run after another, or LZW, at their worst case', async () => {
    const encoded = Buffer.alloc(64 * 1024, 0x41);
    await refusal(checkPdfStreams(pdfWithStream('/Filter[/A85 /Fl#61teDecode]', encoded)));
    await refusal(checkPdfStreams(pdfWithStream('/Filter/LZWDecode', encoded)));
    await refusal(checkPdfStreams(pdfWithStream('/Filter 12 0 R', encoded)));
    await checkPdfStreams(pdfWithStream('/Filter/DCTDecode', encoded));
  });

  it('refuses more streams than a resume has', async () => {
    const one = Buffer.from('<<>>\nstream\nx\nendstream\n', 'latin1');
    const many = Buffer.concat([
      minimalPdf(),
      ...Array(EXTRACTION_LIMITS.pdfStreams + 1).fill(one),
    ]);
    await refusal(checkPdfStreams(many));
  });
});

describe('documentText', () => {
  it('drops controls and bidi characters, keeps tab and line breaks, mends lone surrogates', () => {
    expect(documentText('A\u0000B\u0001C\u0085D\u061cE\u200eF\u202eG\u2066H\u2028I')).toBe(
      'ABCDEFGHI',
    );
    expect(documentText('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
    expect(documentText('x\ud800y\udfffz 😀 中文 é')).toBe('x\ufffdy\ufffdz 😀 中文 é');
  });
});
