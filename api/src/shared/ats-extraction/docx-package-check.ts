import JSZip from 'jszip';
import { unreadable } from './extraction-error';
import { EXTRACTION_LIMITS, tooComplex } from './extraction-limits';
import { XmlTally } from './xml-tally';

// XML parts of the package, the ones mammoth parses (document, styles, numbering, notes,
// relationships, content types): their elements are counted as they inflate.
const XML_PART = /\.(?:xml|rels)$/i;

/**
 * Checks a DOCX package before mammoth opens it, with the same zip reader mammoth uses (so both
 * see the same entries): at most `docxParts` parts, each inflating to at most `docxPartBytes`
 * and all together to at most `docxTotalBytes` (measured by inflating, never trusting the sizes
 * the zip declares), and XML parts within the element, paragraph, run, text and depth caps with
 * no DOCTYPE. Inflating stops at the first cap passed, so a zip bomb costs at most a cap's worth.
 * Throws 422 (too complex, or damaged when it is not a zip at all).
 */
export async function checkDocxPackage(bytes: Uint8Array): Promise<void> {
  const zip = await JSZip.loadAsync(bytes).catch(() => {
    throw unreadable('corrupt');
  });
  const parts = Object.values(zip.files).filter((entry) => !entry.dir);
  if (parts.length > EXTRACTION_LIMITS.docxParts) throw tooComplex();
  let total = 0;
  for (const part of parts) {
    const tally = XML_PART.test(part.name) ? new XmlTally() : null;
    total += await inflatedSize(part, EXTRACTION_LIMITS.docxTotalBytes - total, tally);
    if (tally !== null && !withinXmlLimits(tally)) throw tooComplex();
  }
}

function withinXmlLimits(tally: XmlTally): boolean {
  return (
    !tally.doctype &&
    tally.elements <= EXTRACTION_LIMITS.xmlElements &&
    tally.paragraphs <= EXTRACTION_LIMITS.xmlParagraphs &&
    tally.runs <= EXTRACTION_LIMITS.xmlRuns &&
    tally.textBytes <= EXTRACTION_LIMITS.xmlTextBytes &&
    tally.maxDepth <= EXTRACTION_LIMITS.xmlDepth
  );
}

/** The part's inflated size, read as it streams and abandoned past `budget` or a cap. */
function inflatedSize(part: JSZip.JSZipObject, budget: number, tally: XmlTally | null) {
  const limit = Math.min(budget, EXTRACTION_LIMITS.docxPartBytes);
  return new Promise<number>((resolve, reject) => {
    const stream = part.nodeStream('nodebuffer');
    let size = 0;
    const stop = (error: Error) => {
      // Paused and unheard, the zip reader stops inflating at its next chunk.
      stream.removeAllListeners('data');
      stream.pause();
      reject(error);
    };
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return stop(tooComplex());
      tally?.push(chunk);
      // Past a count cap there is no need to read the rest.
      if (tally !== null && !withinXmlLimits(tally)) stop(tooComplex());
    });
    stream.on('error', () => stop(unreadable('corrupt')));
    stream.on('end', () => resolve(size));
  });
}
