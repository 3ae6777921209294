// Tests and the bench only: the fixture corpus of the ATS check, made here with the libraries
// rather than kept as binary files, so each defect is visible in the code that plants it.
import { crc32, deflateSync } from 'node:zlib';
import type { FixtureLine } from '@shortlist/domain/testing';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const TOP = 60;
const LINE_GAP = 4;

/** A text PDF drawn line by line (the same layout as the domain's fixture documents). */
export async function resumePdf(lines: readonly FixtureLine[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage(PAGE);
  let top = TOP;
  for (const line of lines) {
    const size = line.size ?? 10;
    if (top + size > PAGE[1] - TOP) {
      page = pdf.addPage(PAGE);
      top = TOP;
    }
    const font = line.bold === true ? bold : regular;
    const y = PAGE[1] - top - size;
    page.drawText(line.text, { x: MARGIN, y, size, font });
    if (line.right !== undefined) page.drawText(line.right, { x: 400, y, size, font });
    top += size + LINE_GAP;
  }
  return Buffer.from(await pdf.save());
}

/**
 * The same resume as a two-column table: a bordered sidebar (contact, skills) beside the main
 * column, row for row, the layout parsers read across and jumble.
 */
export async function twoColumnTablePdf(sidebar: readonly string[], main: readonly FixtureLine[]) {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(PAGE);
  const rows = Math.max(sidebar.length, main.length);
  let top = TOP;
  for (let row = 0; row < rows; row++) {
    const y = PAGE[1] - top - 10;
    const left = sidebar[row];
    const right = main[row];
    if (left !== undefined) page.drawText(left, { x: 40, y, size: 9, font: regular });
    if (right !== undefined) {
      page.drawText(right.text, {
        x: 200,
        y,
        size: 9,
        font: right.bold === true ? bold : regular,
      });
    }
    page.drawLine({
      start: { x: 36, y: y - 3 },
      end: { x: 576, y: y - 3 },
      color: rgb(0.8, 0.8, 0.8),
    });
    top += 13;
  }
  page.drawLine({ start: { x: 190, y: 40 }, end: { x: 190, y: 752 }, color: rgb(0.8, 0.8, 0.8) });
  return Buffer.from(await pdf.save());
}

/** A PNG of the given size, flat grey: what a scanner's page looks like to a text parser. */
export function greyPng(width: number, height: number): Buffer {
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0xcc)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A scanned resume: one page that is a picture, no text layer. */
export async function imageOnlyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage(PAGE);
  const image = await pdf.embedPng(greyPng(200, 260));
  page.drawImage(image, { x: 0, y: 0, width: PAGE[0], height: PAGE[1] });
  return Buffer.from(await pdf.save());
}

/** A text PDF padded with an incompressible image to about `bytes` bytes (the size cap's edge). */
export async function paddedPdf(lines: readonly FixtureLine[], bytes: number): Promise<Buffer> {
  const pdf = await PDFDocument.load(await resumePdf(lines));
  const noise = Buffer.alloc(Math.max(0, bytes - 40_000));
  for (let at = 0; at < noise.length; at += 4) noise.writeUInt32LE((at * 2654435761) >>> 0, at);
  const stream = pdf.context.stream(noise, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 1,
    Height: 1,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  pdf.context.register(stream);
  return Buffer.from(await pdf.save());
}

// DOCX: the few parts Word needs, in a zip stored without compression.
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function paragraph(line: FixtureLine): string {
  const run = (text: string) =>
    `<w:r>${line.bold === true ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
  const tab = line.right === undefined ? '' : `<w:r><w:tab/></w:r>${run(line.right)}`;
  return `<w:p>${run(line.text)}${tab}</w:p>`;
}

/** A DOCX of the lines; `table` puts them in a two-cell-per-row table instead. */
export function resumeDocx(lines: readonly FixtureLine[], options: { table?: boolean } = {}) {
  const body =
    options.table === true
      ? `<w:tbl>${lines
          .map(
            (line) =>
              `<w:tr><w:tc>${paragraph({ text: line.text })}</w:tc><w:tc>${paragraph({ text: line.right ?? ' ' })}</w:tc></w:tr>`,
          )
          .join('')}</w:tbl><w:p/>`
      : lines.map(paragraph).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return storedZip([
    ['[Content_Types].xml', CONTENT_TYPES],
    ['_rels/.rels', RELS],
    ['word/document.xml', document],
  ]);
}

function storedZip(files: readonly [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of files) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(content, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A legacy .doc as far as the checks look: the CFB signature, a WordDocument stream name and the
 * body text as UTF-16LE paragraphs (enough for the type check and the text-run reader).
 */
export function legacyDoc(lines: readonly FixtureLine[]): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  Buffer.from('WordDocument\0', 'utf16le').copy(directory);
  const text = Buffer.from(
    lines
      .map((line) => (line.right === undefined ? line.text : `${line.text}\t${line.right}`))
      .join('\r'),
    'utf16le',
  );
  return Buffer.concat([header, directory, text]);
}
