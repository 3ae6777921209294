import type { MultipartFile } from '@fastify/multipart';
import { HttpError } from '../auth/auth-token';
import {
  type DocumentKind,
  DocumentSniffer,
  DocumentTooLargeError,
  MAX_DOCUMENT_BYTES,
} from './document-sniffer';
import type { FileStorage } from './file-storage.port';

/** Worded as SPEC §5 words them (the size cap is ours: ARCHITECTURE.md). */
export const UPLOAD_MESSAGES = {
  wrongType: 'Please upload a PDF/DOC/DOCX',
  tooLarge: 'The file is too large (max 10 MB).',
  oneFile: 'Please upload one file only.',
} as const;

/**
 * Options for @fastify/multipart where documents are uploaded: one file of at most 10 MB and a
 * few short text fields. busboy stops reading a file at `fileSize`; the sniffer enforces the same
 * cap itself, so the limit holds whichever notices first.
 */
export const DOCUMENT_MULTIPART_OPTIONS = {
  limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 },
  // storeDocument refuses a truncated file itself; a part that is only skipped (say, after a
  // refused service) must not turn the answer into 413 when the real problem is elsewhere.
  throwFileSizeLimit: false,
} as const;

/** A document accepted and stored: what an order event records (fileId + name). */
export interface StoredDocument {
  fileId: string;
  /** The client's file name, cleaned, ending in the extension its content proved. */
  name: string;
  kind: DocumentKind;
  size: number;
}

/**
 * Streams one multipart file into storage while checking it by content and size. On a refusal
 * (413 too large, 415 not a PDF/DOC/DOCX) nothing stays stored.
 */
export async function storeDocument(
  storage: FileStorage,
  part: MultipartFile,
): Promise<StoredDocument> {
  const sniffer = new DocumentSniffer(MAX_DOCUMENT_BYTES);
  const source = part.file;
  // pipe() does not forward errors; a dropped upload must fail the write, not hang it.
  source.once('error', (error) => sniffer.destroy(error));
  // busboy truncates a file at the multipart fileSize limit and says so with 'limit'.
  source.once('limit', () => sniffer.destroy(new DocumentTooLargeError()));
  source.pipe(sniffer);
  let fileId: string;
  try {
    fileId = await storage.put(sniffer);
  } catch (error) {
    // Let busboy read past the rest of this part, so the request still completes.
    source.unpipe(sniffer);
    source.resume();
    if (error instanceof DocumentTooLargeError) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    throw error;
  }
  const kind = source.truncated ? null : await sniffer.kind();
  if (kind === null) {
    await storage.delete(fileId);
    if (source.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
  }
  return { fileId, name: documentName(part.filename, kind), kind, size: sniffer.size };
}

/** @fastify/multipart's own limit errors, worded for people. */
export function uploadErrorFor(error: unknown): unknown {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, UPLOAD_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, UPLOAD_MESSAGES.oneFile);
  return error;
}

const NAME_MAX = 120;

/**
 * The name shown for a stored document: the client's base name without path parts or control
 * characters, ending in the extension the content proved. Downloads take their Content-Type
 * from that extension, so a PDF sent as "cv.docx" is kept as "cv.docx.pdf" rather than served
 * with the wrong type.
 */
export function documentName(clientName: string, kind: DocumentKind): string {
  const base = clientName.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const cleaned = Array.from(base.replace(/[\u0000-\u001f\u007f]/g, '').trim())
    .slice(0, NAME_MAX)
    .join('');
  const name = cleaned === '' ? 'document' : cleaned;
  return name.toLowerCase().endsWith(`.${kind}`) ? name : `${name}.${kind}`;
}
