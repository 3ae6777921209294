import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { DocumentPool } from '../../document-work/document-pool';
import {
  type DocumentKind,
  DocumentSniffer,
  DocumentTooLargeError,
  MAX_DOCUMENT_BYTES,
} from '../../files/document-sniffer';
import { documentKindIn, UPLOAD_MESSAGES, uploadErrorFor } from '../../files/document-upload';
import { HttpError } from '../../shared/http-error';

export interface UploadedDocument {
  bytes: Buffer;
  kind: DocumentKind;
}

/**
 * One multipart file read into memory with the order uploads' checks (by content, 10 MB cap),
 * never written anywhere: the ATS check of an anonymous visitor keeps nothing.
 */
export async function readDocument(
  part: MultipartFile,
  documents: DocumentPool,
): Promise<UploadedDocument> {
  const sniffer = new DocumentSniffer(MAX_DOCUMENT_BYTES);
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  // busboy truncates a file at the multipart fileSize limit and says so with 'limit'.
  part.file.once('limit', () => sniffer.destroy(new DocumentTooLargeError()));
  try {
    await pipeline(part.file, sniffer, collect);
  } catch (error) {
    // Let busboy read past the rest of this part, so the request still completes.
    part.file.resume();
    if (error instanceof DocumentTooLargeError) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    throw uploadErrorFor(error);
  }
  if (part.file.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
  const kind = await documentKindIn(documents, sniffer);
  if (kind === null) throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
  return { bytes: Buffer.concat(chunks), kind };
}
