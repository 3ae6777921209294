// Tests and the battery only: the hostile document corpus, generated here by code (no binary is
// committed), each file built the way an attacker would build it to stop the service: freeze
// the parser (super-linear text work), exhaust its memory (zip and stream bombs, millions of
// elements, deep nesting) or make it read far more than it was sent.
import { crc32, createDeflate, createDeflateRaw, deflateRawSync, deflateSync } from 'node:zlib';

/** `small` for `npm test`, `full` for `npm run test:battery` (the sizes of the attacks measured). */
export type CorpusSize = 'small' | 'full';

// --- compression, by streaming: a gigabyte is never held in memory ---------------------------

interface Deflated {
  /** Raw deflate data (no zlib header), or zlib-wrapped when asked. */
  data: Buffer;
  size: number;
  crc: number;
}

/** `unit` repeated until `size` bytes, deflated as it streams (1 GiB takes a few seconds). */
async function deflatedRepeat(
  unit: Buffer,
  size: number,
  format: 'raw' | 'zlib',
): Promise<Deflated> {
  const deflate = format === 'raw' ? createDeflateRaw({ level: 9 }) : createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const block = Buffer.alloc(Math.max(unit.length, (1 << 20) - ((1 << 20) % unit.length)));
  for (let at = 0; at < block.length; at += unit.length) unit.copy(block, at);
  let crc = 0;
  for (let written = 0; written < size; written += block.length) {
    const piece = block.subarray(0, Math.min(block.length, size - written));
    crc = crc32(piece, crc);
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

function deflated(data: Buffer): Deflated {
  return { data: deflateRawSync(data, { level: 9 }), size: data.length, crc: crc32(data) };
}

// --- zip ---------------------------------------------------------------------------------------

/** A zip of deflated entries with its central directory (what Word and mammoth read). */
function zipOf(entries: readonly { name: string; entry: Deflated }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, entry } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size >>> 0, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size >>> 0, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, entry.data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOCUMENT_HEAD = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body>`;
const DOCUMENT_TAIL = '</w:body></w:document>';

/** A DOCX whose word/document.xml is `body` (already deflated when large), plus extra parts. */
async function docxOf(
  body: string | Deflated,
  extra: readonly { name: string; entry: Deflated }[] = [],
): Promise<Buffer> {
  const document =
    typeof body === 'string'
      ? deflated(Buffer.from(`${DOCUMENT_HEAD}${body}${DOCUMENT_TAIL}`, 'utf8'))
      : body;
  return zipOf([
    { name: '[Content_Types].xml', entry: deflated(Buffer.from(CONTENT_TYPES)) },
    { name: '_rels/.rels', entry: deflated(Buffer.from(RELS)) },
    { name: 'word/document.xml', entry: document },
    ...extra,
  ]);
}

/** A word/document.xml of `head`, then `unit` repeated `times` times, then `tail`, deflated. */
async function repeatedDocument(unit: string, times: number): Promise<Deflated> {
  // The head and tail are short: deflate the whole as one stream of the repeated unit, with the
  // head and tail written around it.
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let crc = 0;
  let size = 0;
  const write = async (piece: Buffer) => {
    crc = crc32(piece, crc);
    size += piece.length;
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(DOCUMENT_HEAD));
  const perBlock = Math.max(1, Math.floor((1 << 20) / Buffer.byteLength(unit)));
  const block = Buffer.from(unit.repeat(perBlock));
  for (let done = 0; done < times; done += perBlock) {
    const count = Math.min(perBlock, times - done);
    await write(count === perBlock ? block : Buffer.from(unit.repeat(count)));
  }
  await write(Buffer.from(DOCUMENT_TAIL));
  deflate.end();
  await ended;
  return { data: Buffer.concat(out), size, crc };
}

const paragraph = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

// What XML cannot carry as characters (controls, surrogate halves): written as references.
const NOT_XML_CHARACTERS = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uD800-\\uDFFF';
const ESCAPED = new RegExp(`[&<>]|[${NOT_XML_CHARACTERS}]`, 'g');
const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text as XML character data: markup escaped, characters XML cannot hold as references. */
const xmlText = (text: string) =>
  text.replace(ESCAPED, (c) => ENTITIES[c] ?? `&#x${c.charCodeAt(0).toString(16)};`);

/** A DOCX of one paragraph per line, each line's characters as they are. */
export function linesDocx(lines: readonly string[]): Promise<Buffer> {
  return docxOf(lines.map((line) => paragraph(xmlText(line))).join(''));
}

// --- PDF ---------------------------------------------------------------------------------------

/**
 * A PDF of the given objects (1 = catalog, 2 = pages, 3 = the page, 4 = its content stream,
 * 5 and 6 = two standard fonts) with a correct cross-reference table, so pdf.js reads it as
 * written rather than repairing it.
 */
function pdfOf(objects: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(object);
    length += object.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<</Size ${objects.length + 1}/Root 1 0 R>>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<<${dictionary}/Length ${data.length}>>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);
}

/** A one-page PDF whose page draws `content` (deflated when asked), fonts F1 and F2. */
function onePagePdf(
  content: Buffer,
  options: { filter?: string; resources?: string } = {},
): Buffer {
  const filter = options.filter === undefined ? '' : `/Filter/${options.filter}`;
  return pdfOf([
    Buffer.from('<</Type/Catalog/Pages 2 0 R>>'),
    Buffer.from('<</Type/Pages/Kids[3 0 R]/Count 1>>'),
    Buffer.from(
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R/F2 6 0 R>>${options.resources ?? ''}>>>>`,
    ),
    streamObject(filter, content),
    Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'),
    Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Courier>>'),
  ]);
}

/** PDF string syntax: the characters pdf.js would otherwise read as delimiters escaped. */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

// --- legacy .doc ---------------------------------------------------------------------------------

/** A Word 97-2003 file as far as the type check and the text-run reader look (UTF-16LE text). */
export function legacyDocOf(text: string): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  header.writeUInt16LE(0x003e, 24);
  header.writeUInt16LE(0x0003, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30);
  const directory = Buffer.alloc(512);
  Buffer.from('WordDocument\0', 'utf16le').copy(directory);
  return Buffer.concat([header, directory, Buffer.from(text, 'utf16le')]);
}

// --- the corpus ----------------------------------------------------------------------------------

/**
 * The line that froze the server for ~20 s: 200,000 characters of the e-mail pattern's own
 * class with no `@`, so a backtracking e-mail regex tries every start against every end.
 */
const LONG_LINE_WITHOUT_AT = 'a'.repeat(200_000);

/** 1.3 KB on the wire: the DOCX that froze every request for about 20 seconds. */
export function longLineDocx(): Promise<Buffer> {
  return docxOf(paragraph(LONG_LINE_WITHOUT_AT));
}

/** The same line as a legacy .doc. */
export function longLineDoc(): Buffer {
  return legacyDocOf(`${LONG_LINE_WITHOUT_AT}\r`);
}

/** Millions of paragraphs in a few hundred KB: what crashed the process with heap OOM. */
export function manyParagraphsDocx(paragraphs: number): Promise<Buffer> {
  return (async () =>
    docxOf(await repeatedDocument('<w:p><w:r><w:t>x</w:t></w:r></w:p>', paragraphs)))();
}

/** One paragraph of a million runs. */
export async function manyRunsDocx(runs: number): Promise<Buffer> {
  const body = `<w:p>${'<w:r><w:t>x</w:t></w:r>'.repeat(runs)}</w:p>`;
  return docxOf(body);
}

/** A zip bomb as a DOCX: word/document.xml inflates to `size` bytes of spaces inside one run. */
export async function hugePartDocx(size: number): Promise<Buffer> {
  const head = `${DOCUMENT_HEAD}<w:p><w:r><w:t xml:space="preserve">`;
  const tail = `</w:t></w:r></w:p>${DOCUMENT_TAIL}`;
  // Spaces inside one text run, head and tail around them: one deflate stream.
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  let total = 0;
  const write = async (piece: Buffer) => {
    crc = crc32(piece, crc);
    total += piece.length;
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(head));
  const block = Buffer.alloc(1 << 20, 0x20);
  for (let written = 0; written < size; written += block.length) {
    await write(block.subarray(0, Math.min(block.length, size - written)));
  }
  await write(Buffer.from(tail));
  deflate.end();
  await ended;
  return docxOf({ data: Buffer.concat(out), size: total, crc });
}

/** A zip bomb spread over many parts: `parts` extra entries of `each` bytes of zeros. */
export async function manyPartsDocx(parts: number, each: number): Promise<Buffer> {
  const zeros = await deflatedRepeat(Buffer.from([0]), each, 'raw');
  const extra = Array.from({ length: parts }, (_, index) => ({
    name: `word/media/padding${index}.bin`,
    entry: zeros,
  }));
  return docxOf(paragraph('Asha Rao'), extra);
}

/** A zip inside a zip inside a DOCX, the innermost a bomb of `size` bytes. */
export async function nestedZipDocx(size: number): Promise<Buffer> {
  let inner = zipOf([
    { name: 'bomb.bin', entry: await deflatedRepeat(Buffer.from([0]), size, 'raw') },
  ]);
  for (let level = 0; level < 3; level++) {
    inner = zipOf([{ name: `level${level}.zip`, entry: deflated(inner) }]);
  }
  return docxOf(paragraph('Asha Rao'), [
    { name: 'word/embeddings/package.zip', entry: deflated(inner) },
  ]);
}

/** Elements nested `depth` deep inside one paragraph's run properties. */
export function deepNestingDocx(depth: number): Promise<Buffer> {
  const open = '<w:sdt><w:sdtContent>'.repeat(depth);
  const close = '</w:sdtContent></w:sdt>'.repeat(depth);
  return docxOf(`${open}${paragraph('Asha Rao')}${close}`);
}

/** The billion laughs: entities that expand to each other ten times over, nine levels deep. */
export async function entityExpansionDocx(): Promise<Buffer> {
  const entities = ['<!ENTITY l0 "lol">'];
  for (let level = 1; level <= 9; level++) {
    entities.push(`<!ENTITY l${level} "${`&l${level - 1};`.repeat(10)}">`);
  }
  const xml = `<?xml version="1.0"?><!DOCTYPE w:document [${entities.join('')}]><w:document xmlns:w="${W}"><w:body>${paragraph('&l9;')}</w:body></w:document>`;
  return docxOf(deflated(Buffer.from(xml)));
}

/** One paragraph holding a line of `length` characters of ordinary words (no `@`). */
export function hugeLineDocx(length: number): Promise<Buffer> {
  const words = 'Senior engineer, payments platform. 2019-2024 ';
  return docxOf(paragraph(words.repeat(Math.ceil(length / words.length)).slice(0, length)));
}

export function hugeLineDoc(length: number): Buffer {
  const words = 'Senior engineer payments platform Pune India ';
  return legacyDocOf(words.repeat(Math.ceil(length / words.length)).slice(0, length));
}

/** A ~1 MB PDF whose one content stream inflates to `size` bytes (spaces: pdf.js lexes them). */
export async function inflatingPdf(size: number): Promise<Buffer> {
  const content = await deflatedRepeat(Buffer.from(' '), size, 'zlib');
  return onePagePdf(content.data, { filter: 'FlateDecode' });
}

/**
 * `items` separate text items on one line: the fonts alternate, so pdf.js cannot merge them, and
 * each is placed at its own spot along the line (pdf.js drops text set beyond the page's edge).
 */
export function manyItemsOneLinePdf(items: number): Buffer {
  const ops: string[] = ['BT'];
  for (let index = 0; index < items; index++) {
    const x = ((index * 7.3) % 560) + 20;
    ops.push(`/F${(index % 2) + 1} 8 Tf 1 0 0 1 ${x.toFixed(2)} 700 Tm (w${index % 10}) Tj`);
  }
  ops.push('ET');
  return onePagePdf(deflateSync(Buffer.from(ops.join('\n'), 'latin1')), { filter: 'FlateDecode' });
}

/** One text item holding `length` characters on one line. */
export async function hugeLinePdf(length: number): Promise<Buffer> {
  const words = 'Senior engineer payments platform 2019 2024 ';
  const text = words.repeat(Math.ceil(length / words.length)).slice(0, length);
  const content = Buffer.from(`BT /F1 10 Tf 1 0 0 1 20 700 Tm ${pdfString(text)} Tj ET`, 'latin1');
  return onePagePdf(deflateSync(content), { filter: 'FlateDecode' });
}

/** Arrays nested `depth` deep in the page's resources: a recursive parser's stack. */
export function deepNestingPdf(depth: number): Buffer {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return onePagePdf(Buffer.from('BT /F1 10 Tf 20 700 Td (Asha Rao) Tj ET', 'latin1'), {
    resources: `/Nested ${nested}`,
  });
}

/** A page tree of `pages` pages, each drawing a line. */
export function manyPagesPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, () => '3 0 R').join(' ');
  return pdfOf([
    Buffer.from('<</Type/Catalog/Pages 2 0 R>>'),
    Buffer.from(`<</Type/Pages/Kids[${kids}]/Count ${pages}>>`),
    Buffer.from(
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>',
    ),
    streamObject('', Buffer.from('BT /F1 10 Tf 20 700 Td (Asha Rao) Tj ET', 'latin1')),
    Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'),
  ]);
}

/**
 * A PDF whose text is exactly `lines` as UTF-16 code units, whatever they are (CJK, emoji,
 * controls, NUL, bidi marks, lone surrogates): a Type0 font with an identity ToUnicode map, each
 * code unit drawn as one two-byte code, one line per text object.
 */
export function unicodePdf(lines: readonly string[]): Buffer {
  const hex = (text: string) =>
    Array.from({ length: text.length }, (_, at) =>
      text.charCodeAt(at).toString(16).padStart(4, '0'),
    ).join('');
  const content = lines
    .map((line, index) => `BT /U1 10 Tf 1 0 0 1 40 ${740 - index * 14} Tm <${hex(line)}> Tj ET`)
    .join('\n');
  // Each code unit used, mapped to itself (bfchar blocks hold at most 100 entries each).
  const units = [...new Set(lines.join(''))].map((unit) => hex(unit));
  const blocks: string[] = [];
  for (let at = 0; at < units.length; at += 100) {
    const chunk = units.slice(at, at + 100);
    blocks.push(
      `${chunk.length} beginbfchar ${chunk.map((u) => `<${u}> <${u}>`).join(' ')} endbfchar`,
    );
  }
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CMapName /Identity-UTF16 def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    ...blocks,
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  return pdfOf([
    Buffer.from('<</Type/Catalog/Pages 2 0 R>>'),
    Buffer.from('<</Type/Pages/Kids[3 0 R]/Count 1>>'),
    Buffer.from(
      '<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</U1 5 0 R>>>>>>',
    ),
    streamObject('/Filter/FlateDecode', deflateSync(Buffer.from(content, 'latin1'))),
    Buffer.from(
      '<</Type/Font/Subtype/Type0/BaseFont/ShortlistUnicode/Encoding/Identity-H/DescendantFonts[6 0 R]/ToUnicode 7 0 R>>',
    ),
    Buffer.from(
      '<</Type/Font/Subtype/CIDFontType2/BaseFont/ShortlistUnicode/CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>/FontDescriptor 8 0 R/DW 500>>',
    ),
    streamObject('', Buffer.from(toUnicode, 'latin1')),
    Buffer.from(
      '<</Type/FontDescriptor/FontName/ShortlistUnicode/Flags 32/FontBBox[0 -200 1000 900]/ItalicAngle 0/Ascent 900/Descent -200/CapHeight 700/StemV 80>>',
    ),
  ]);
}

/**
 * The billion laughs of PDF: form X0 shows a word, each form X(k) draws X(k-1) ten times, the
 * page draws X(levels-1): 10^(levels-1) words from a few hundred bytes, inside every cap.
 */
export function formBombPdf(levels: number): Buffer {
  const first = 7;
  const forms = Array.from({ length: levels }, (_, level) => {
    const content =
      level === 0
        ? 'BT /F1 8 Tf 20 700 Td (laugh) Tj ET'
        : Array.from({ length: 10 }, () => `/X${level - 1} Do`).join(' ');
    const resources =
      level === 0
        ? '/Resources<</Font<</F1 5 0 R>>>>'
        : `/Resources<</XObject<</X${level - 1} ${first + level - 1} 0 R>>>>`;
    return streamObject(
      `/Type/XObject/Subtype/Form/BBox[0 0 612 792]${resources}`,
      Buffer.from(content, 'latin1'),
    );
  });
  return pdfOf([
    Buffer.from('<</Type/Catalog/Pages 2 0 R>>'),
    Buffer.from('<</Type/Pages/Kids[3 0 R]/Count 1>>'),
    Buffer.from(
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>/XObject<</X${levels - 1} ${first + levels - 1} 0 R>>>>>>`,
    ),
    streamObject('', Buffer.from(`/X${levels - 1} Do`, 'latin1')),
    Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>'),
    Buffer.from('<</Type/Font/Subtype/Type1/BaseFont/Courier>>'),
    ...forms,
  ]);
}
