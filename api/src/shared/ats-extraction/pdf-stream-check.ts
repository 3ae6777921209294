import { createInflate } from 'node:zlib';
import { EXTRACTION_LIMITS, tooComplex } from './extraction-limits';

const STREAM = Buffer.from('stream', 'latin1');
const END = Buffer.from('end', 'latin1');
const ENDSTREAM = Buffer.from('endstream', 'latin1');
/** How far back from `stream` its dictionary is looked for. */
const DICTIONARY_WINDOW = 64 * 1024;

// Decoders that expand their input, with the most each can make of one byte: deflate 1032:1,
// LZW about 2730:1 (4,096 bytes out of a 12-bit code), run-length 64:1.
const EXPANDING: Readonly<Record<string, number>> = {
  FlateDecode: 1032,
  Fl: 1032,
  LZWDecode: 2730,
  LZW: 2730,
  RunLengthDecode: 64,
  RL: 64,
};

/**
 * Checks a PDF's streams before pdf.js reads it: at most `pdfStreams` of them, none decoding to
 * more than `pdfStreamBytes`, all together to no more than `pdfTotalBytes`. pdf.js inflates a stream
 * whole, in memory outside the worker's heap limit, as soon as a page needs it, so a 1 MB file
 * could otherwise become a gigabyte.
 *
 * Every stream that starts with a zlib header (which pdf.js's Flate decoder requires, whatever
 * the dictionary says) is measured by inflating it, from its start to where the deflate data
 * itself ends (so a wrong or indirect /Length changes nothing) and no further than the cap.
 * A stream whose expanding decoder only runs after another one (ASCII85 then Flate) or that uses
 * LZW or run-length (which no resume writer uses) counts at its worst case instead.
 */
export async function checkPdfStreams(bytes: Uint8Array): Promise<void> {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  let streams = 0;
  // Where the text before a keyword may start: after the previous keyword, so that every byte is
  // searched for a dictionary at most once.
  let floor = 0;
  // The next `endstream` at or after a stream's start, found once for all the starts before it.
  let endstream = -1;
  const endOf = (start: number) => {
    if (endstream !== Number.POSITIVE_INFINITY && endstream < start) {
      const found = file.indexOf(ENDSTREAM, start);
      endstream = found === -1 ? Number.POSITIVE_INFINITY : found;
    }
    return Math.min(endstream, file.length);
  };
  for (let at = file.indexOf(STREAM); at !== -1; at = file.indexOf(STREAM, at + STREAM.length)) {
    const previous = floor;
    floor = at + STREAM.length;
    if (at >= END.length && file.subarray(at - END.length, at).equals(END)) continue;
    const start = dataStart(file, at + STREAM.length);
    if (start === null) continue;
    streams += 1;
    if (streams > EXTRACTION_LIMITS.pdfStreams) throw tooComplex();
    const budget = Math.min(
      EXTRACTION_LIMITS.pdfStreamBytes,
      EXTRACTION_LIMITS.pdfTotalBytes - total,
    );
    const decoded = isZlibHeader(file, start)
      ? await inflatedSize(file.subarray(start), budget)
      : worstCase(file.subarray(Math.max(previous, at - DICTIONARY_WINDOW), at)) *
        (endOf(start) - start);
    if (decoded > budget) throw tooComplex();
    total += decoded;
  }
}

/** After the keyword: CRLF or LF (or a lone CR, which pdf.js also accepts), else no stream. */
function dataStart(file: Buffer, after: number): number | null {
  if (file[after] === 0x0d) return file[after + 1] === 0x0a ? after + 2 : after + 1;
  if (file[after] === 0x0a) return after + 1;
  return null;
}

function isZlibHeader(file: Buffer, at: number): boolean {
  const cmf = file[at];
  const flg = file[at + 1];
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0;
}

/** Bytes the deflate data at the start of `data` inflates to, counted up to just past `limit`. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate();
    let size = 0;
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        inflate.destroy();
        resolve(size);
      }
    });
    // Ends where the deflate data ends; what follows (endstream, other objects) is never read.
    inflate.on('end', () => resolve(size));
    // A damaged stream decodes as far as it goes, for pdf.js as for us.
    inflate.on('error', () => resolve(size));
    inflate.end(data);
  });
}

// A /Filter entry: one name, an array of names, or an indirect reference (resolved by pdf.js,
// not here: counted as the worst decoder). Bounded repetition: a dictionary is short.
const FILTER_ENTRY =
  /\/Filter\s{0,16}(\[[^\]]{0,512}\]|\/[^\s/[\]<>()]{1,127}|\d{1,10}\s{1,4}\d{1,5}\s{1,4}R)/g;
const NAME = /\/([^\s/[\]<>()]{1,127})/g;

/**
 * The most each byte of a stream that does not start as deflate data could decode to: the
 * largest expansion among its decoders, read from its dictionary (the text since `obj`).
 */
function worstCase(before: Buffer): number {
  const objectStart = before.lastIndexOf('obj', before.length, 'latin1');
  const dictionary = before.toString('latin1', Math.max(0, objectStart));
  let ratio = 0;
  for (const [, entry = ''] of dictionary.matchAll(FILTER_ENTRY)) {
    if (entry.endsWith('R')) ratio = Math.max(ratio, EXPANDING.LZW ?? 0);
    for (const [, name = ''] of entry.matchAll(NAME)) {
      ratio = Math.max(ratio, EXPANDING[decodeName(name)] ?? 0);
    }
  }
  return ratio;
}

/** PDF names may escape any character as #xx: /Fl#61teDecode is /FlateDecode. */
function decodeName(name: string): string {
  return name.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}
