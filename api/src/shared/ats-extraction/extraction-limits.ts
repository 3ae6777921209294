import { HttpError } from '../http-error';

/**
 * What a document may hold before it is parsed, checked on the raw file (zip entries, PDF
 * streams) so that no parser ever inflates or builds more than this, and what its extracted
 * text may come to before the ATS check reads it. A resume is a few pages of text: each cap is
 * at least 8 times the largest of the real resumes in the ATS corpus (../shared/ats-corpus:
 * 2,319 text items on a page, a 1.9 MB stream, 246 streams, 39 paragraphs, 122 runs, 551
 * elements in a part, nesting 9 deep, 14,029 characters), and low enough that a file at every
 * cap at once is read well inside a document job's time limit (mammoth needs about 3 s for
 * 5,000 paragraphs on a loaded two-core machine).
 */
export const EXTRACTION_LIMITS = {
  /** Parts (entries) of a DOCX package. Word writes 10–30; each embedded picture adds one. */
  docxParts: 1_000,
  /** Bytes of one DOCX part once inflated (a picture may be several MB). */
  docxPartBytes: 16 * 1024 * 1024,
  /** Bytes of all of a DOCX's parts once inflated. */
  docxTotalBytes: 64 * 1024 * 1024,
  /** XML elements in one part: mammoth builds a node for each. */
  xmlElements: 200_000,
  /** Paragraphs in one part. */
  xmlParagraphs: 5_000,
  /** Runs in one part (Word splits text into runs at every edit). */
  xmlRuns: 20_000,
  /** Bytes of text in one part (UTF-8: up to 4 per character of `textCharacters`). */
  xmlTextBytes: 2 * 1024 * 1024,
  /** Element nesting: the parsers recurse on it (nested tables are the deepest Word writes). */
  xmlDepth: 128,
  /** Streams in a PDF (pages, fonts, images, object streams). */
  pdfStreams: 10_000,
  /** Bytes of one PDF stream once decoded (a full-page 300 dpi colour image is about 26 MB). */
  pdfStreamBytes: 32 * 1024 * 1024,
  /** Bytes of all of a PDF's streams once decoded. */
  pdfTotalBytes: 96 * 1024 * 1024,
  /** Text items on one PDF page (some writers set each glyph apart). */
  pdfItemsPerPage: 20_000,
  /** Characters of text extracted from a document, all items together. */
  textCharacters: 500_000,
} as const;

export const EXTRACTION_MESSAGES = {
  tooComplex:
    'This file holds far more than a resume does (pages, text or packed data), so it was not read. Export your resume again from your editor as a PDF or DOCX.',
} as const;

/** A file past a cap: refused as the visitor's to fix (422), never a 5xx, nothing read further. */
export function tooComplex(): HttpError {
  return new HttpError(422, EXTRACTION_MESSAGES.tooComplex);
}
