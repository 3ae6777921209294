import { getDocumentProxy } from 'unpdf';

/**
 * The bench's baseline for the ATS check on a PDF: pdf.js reading the text of each page and
 * nothing else (no operator list, no check), what any PDF parser has to pay on the same machine
 * in the same run.
 */
export async function pdfTextOnly(bytes: Uint8Array, maxPages = 20): Promise<number> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    verbosity: 0,
    isEvalSupported: false,
  });
  let items = 0;
  try {
    for (let number = 1; number <= Math.min(pdf.numPages, maxPages); number++) {
      const page = await pdf.getPage(number);
      items += (await page.getTextContent()).items.length;
      page.cleanup();
    }
  } finally {
    await pdf.destroy();
  }
  return items;
}
