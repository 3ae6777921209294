import type { AtsDocument, AtsPage, AtsTextItem } from '@shortlist/domain';
import { getDocumentProxy } from 'unpdf';
import { HttpError } from '../http-error';
import { unreadable } from './extraction-error';
import { EXTRACTION_LIMITS, tooComplex } from './extraction-limits';
import { withPageFacts } from './pdf-page-reader';
import { checkPdfStreams } from './pdf-stream-check';

/** Pages read at most: a resume has one to three; the rest only costs time. */
const MAX_PDF_PAGES = 20;

// Image XObjects are streams, so their dictionaries are never inside compressed object streams:
// counting them in the raw bytes sees every image the file embeds, drawn or not.
const IMAGE_XOBJECT = /\/Subtype\s*\/Image\b/g;

/**
 * The text items pdf.js finds, with their positions, as OpenResume's parser reads them. Font
 * names stay pdf.js's ids: an id other than the body text's is what marks emphasis.
 */
export async function extractPdf(bytes: Uint8Array): Promise<AtsDocument> {
  await checkPdfStreams(bytes);
  const images = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .match(IMAGE_XOBJECT)?.length;
  // pdf.js may take over (detach) the buffer it is given: it gets a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    verbosity: 0,
    isEvalSupported: false,
    // The operator list (font names, drawn bullets) never needs an image's pixels: none is decoded.
    maxImageSize: 1,
  }).catch((error: unknown) => {
    const name = error instanceof Error ? error.name : '';
    throw unreadable(name === 'PasswordException' ? 'encrypted' : 'corrupt');
  });
  try {
    const pages: AtsPage[] = [];
    const items: AtsTextItem[] = [];
    const count = Math.min(pdf.numPages, MAX_PDF_PAGES);
    for (let number = 1; number <= count; number++) {
      const page = await pdf.getPage(number);
      const viewport = page.getViewport({ scale: 1 });
      pages.push({ width: viewport.width, height: viewport.height });
      const content = await page.getTextContent();
      if (content.items.length > EXTRACTION_LIMITS.pdfItemsPerPage) throw tooComplex();
      const pageItems: AtsTextItem[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
        const fontSize = Math.hypot(c, d) || Math.hypot(a, b) || item.height;
        pageItems.push({
          text: item.str,
          x: e,
          // pdf.js measures from the bottom to the baseline; the check reads from the top.
          y: viewport.height - f - fontSize,
          width: item.width,
          page: number,
          fontSize,
          fontName: item.fontName,
          bold: false,
        });
      }
      for (const item of await withPageFacts(page, pageItems, viewport.height)) items.push(item);
      page.cleanup();
    }
    return {
      kind: 'pdf',
      pages: pages.length === 0 ? [{ width: 612, height: 792 }] : pages,
      items,
      images: images ?? 0,
      tables: 0,
      positioned: true,
      limitations:
        pdf.numPages > MAX_PDF_PAGES
          ? [`Only the first ${MAX_PDF_PAGES} of ${pdf.numPages} pages were read.`]
          : [],
    };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // pdf.js names its own refusals (InvalidPDFException, FormatError, UnknownErrorException…):
    // a file whose pages break it midway is damaged, not our failure.
    if (error instanceof Error && /Exception$|^FormatError$/.test(error.name)) {
      throw unreadable('corrupt');
    }
    throw error;
  } finally {
    await pdf.destroy();
  }
}
