import type { AtsDocument } from '@shortlist/domain';
import type { DocumentKind } from '../../files/document-sniffer';
import { withDocumentText } from './document-text';
import { extractDoc } from './extract-doc';
import { extractDocx } from './extract-docx';
import { extractPdf } from './extract-pdf';
import { EXTRACTION_LIMITS, tooComplex } from './extraction-limits';

/**
 * The text items of an uploaded document, by the kind its content proved, each item's text made
 * safe (document-text.ts) before anything reads it, and no more text than the ATS check reads
 * in good time (422 past `textCharacters`). Runs in a document worker
 * (document-work/), never on the request thread: it parses what a visitor sent.
 */
export async function extractDocument(bytes: Buffer, kind: DocumentKind): Promise<AtsDocument> {
  const document = withDocumentText(await extractRaw(bytes, kind));
  let characters = 0;
  for (const item of document.items) characters += item.text.length;
  if (characters > EXTRACTION_LIMITS.textCharacters) throw tooComplex();
  return document;
}

function extractRaw(bytes: Buffer, kind: DocumentKind): Promise<AtsDocument> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'doc':
      return Promise.resolve(extractDoc(bytes));
  }
}
