import type { AtsDocument } from '@shortlist/domain';
import type { DocumentKind } from '../../files/document-sniffer';
import { extractDoc } from './extract-doc';
import { extractDocx } from './extract-docx';
import { extractPdf } from './extract-pdf';

/** The text items of an uploaded document, by the kind its content proved. */
export function extractDocument(bytes: Buffer, kind: DocumentKind): Promise<AtsDocument> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'doc':
      return Promise.resolve(extractDoc(bytes));
  }
}
