/**
 * What an extractor hands the ATS check: the text items a parser sees, with their positions, as
 * OpenResume's parser reads a PDF. Coordinates are in points from the page's top-left corner.
 * Extraction (pdf.js, mammoth, a legacy .doc reader) is I/O and lives in the API; everything from
 * here on is pure.
 */
export type AtsDocumentKind = 'pdf' | 'docx' | 'doc';

export interface AtsTextItem {
  text: string;
  x: number;
  /** Top of the line, from the top of the page. */
  y: number;
  width: number;
  /** 1-based. */
  page: number;
  fontSize: number;
  /**
   * The font's name (a PDF's real font name when its extractor could read it, else its id); text
   * in a font other than the body's reads as emphasis.
   */
  fontName: string;
  /** Known bold: a DOCX run in <strong> or a heading, a PDF font whose name says so. */
  bold: boolean;
  /**
   * A list item: a Word list item, or in a PDF the text just right of a bullet drawn as a shape
   * rather than typed.
   */
  listItem?: boolean;
}

export interface AtsPage {
  width: number;
  height: number;
}

export interface AtsDocument {
  kind: AtsDocumentKind;
  pages: readonly AtsPage[];
  items: readonly AtsTextItem[];
  /** Embedded pictures (their text, if any, is invisible to a parser). */
  images: number;
  /** Tables the file declares (DOCX); a PDF's drawn tables are found from the positions. */
  tables: number;
  /**
   * True when x/y are real page positions (PDF). DOCX and DOC text comes as paragraphs in
   * reading order: the geometry checks (columns, header and footer zones) do not apply.
   */
  positioned: boolean;
  /** What the reader could not look at, said to the customer (legacy .doc). */
  limitations: readonly string[];
}
