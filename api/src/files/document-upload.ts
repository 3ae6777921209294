import { finished } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { scrubText } from '@shortlist/domain';
import { type DocumentJob, documentJob } from '../document-work/document-job';
import type { DocumentPool } from '../document-work/document-pool';
import { HttpError } from '../shared/http-error';
import {
  type DocumentEvidence,
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
  malformed: 'The upload was incomplete or malformed. Please try again.',
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

const DOCUMENT_KIND: DocumentJob<DocumentEvidence, DocumentKind | null> = documentJob(
  new URL('./document-kind.worker.ts', import.meta.url),
  'documentKind',
  UPLOAD_MESSAGES.wrongType,
);

/**
 * What a sniffed upload is by content (PDF, DOC, DOCX or null for none), decided in the
 * document pool: file-type is a parser of what the visitor sent.
 */
export function documentKindIn(
  documents: DocumentPool,
  sniffer: DocumentSniffer,
): Promise<DocumentKind | null> {
  const evidence = sniffer.evidence();
  return documents.run(DOCUMENT_KIND, evidence, [evidence.head.buffer as ArrayBuffer]);
}

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
 * (413 too large, 415 not a PDF/DOC/DOCX, 503 when the document pool is full) or a body that
 * ends or breaks off mid-file (400), nothing stays stored and nothing stays open.
 */
export async function storeDocument(
  storage: FileStorage,
  documents: DocumentPool,
  part: MultipartFile,
): Promise<StoredDocument> {
  const sniffer = new DocumentSniffer(MAX_DOCUMENT_BYTES);
  const source = part.file;
  const abort = new AbortController();
  // pipe() forwards neither errors nor an early end. finished() also reports what happened
  // before this function ran: @fastify/multipart may already have destroyed the part (a body
  // that ended mid-file arrives whole, is parsed, and fails before the handler reads the part),
  // and a pipe from a destroyed stream would wait forever. A client that drops the connection
  // makes the plugin destroy the part too; either way the storage write is aborted.
  const stopWatching = finished(source, { writable: false }, (error) => {
    if (error === undefined || error === null) return;
    sniffer.destroy(error);
    abort.abort(error);
  });
  // Every failure reaches the caller through put()'s rejection; this listener only keeps an
  // error emitted after put() settled (a pipe still attached) from becoming an uncaught one,
  // which would take the whole process down.
  sniffer.on('error', () => {});
  // busboy truncates a file at the multipart fileSize limit and says so with 'limit'.
  source.once('limit', () => sniffer.destroy(new DocumentTooLargeError()));
  source.pipe(sniffer);
  let fileId: string;
  try {
    fileId = await storage.put(sniffer, { signal: abort.signal });
  } catch (error) {
    // Let busboy read past the rest of this part, so the request still completes.
    source.unpipe(sniffer);
    source.resume();
    if (error instanceof DocumentTooLargeError) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    throw uploadErrorFor(error);
  } finally {
    stopWatching();
  }
  let kind: DocumentKind | null = null;
  try {
    kind = source.truncated ? null : await documentKindIn(documents, sniffer);
  } catch (error) {
    await storage.delete(fileId);
    throw error;
  }
  if (kind === null) {
    await storage.delete(fileId);
    if (source.truncated) throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
    throw new HttpError(415, UPLOAD_MESSAGES.wrongType);
  }
  return { fileId, name: documentName(part.filename, kind), kind, size: sniffer.size };
}

// What busboy and @fastify/multipart raise for a body that is not well-formed multipart: no
// boundary in the Content-Type, no closing boundary, a part cut off. Matched by text because
// busboy's errors carry no code.
const MALFORMED_MULTIPART =
  /Boundary not found|Unexpected end of multipart data|terminated early|Malformed/;
const MALFORMED_CODES = new Set([
  // The client dropped the connection mid-body: its fault, not an error of ours to log as one.
  'ECONNRESET',
  'FST_MP_PREMATURE_CLOSE',
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ABORT_ERR',
]);

/**
 * @fastify/multipart's and busboy's errors, worded for people: a client that sent a broken or
 * incomplete body gets a 400, never the generic 500.
 */
export function uploadErrorFor(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, UPLOAD_MESSAGES.tooLarge);
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, UPLOAD_MESSAGES.oneFile);
  if (typeof code === 'string' && MALFORMED_CODES.has(code)) {
    return new HttpError(400, UPLOAD_MESSAGES.malformed);
  }
  if (error instanceof Error && MALFORMED_MULTIPART.test(error.message)) {
    return new HttpError(400, UPLOAD_MESSAGES.malformed);
  }
  return error;
}

/** The longest name kept, in characters, extension included. */
const NAME_MAX = 120;

/** What a name becomes when nothing of the client's is usable. */
const FALLBACK_STEM = 'resume';

/**
 * The name shown for a stored document, computed once where an upload's name enters the system
 * (customer uploads and admin attachments alike): the client's base name without path parts,
 * without control and bidirectional characters (U+202E would make "invoice\u202Efdp.exe.pdf"
 * read as "invoicefdp.exe.pdf" backwards, i.e. an .exe) and without characters no file system
 * accepts, at most NAME_MAX characters, ending in the extension the content proved. Downloads
 * take their Content-Type from that extension, so a PDF sent as "cv.docx" is kept as
 * "cv.docx.pdf" rather than served with the wrong type.
 */
export function documentName(clientName: string, kind: DocumentKind): string {
  const scrubbed = scrubText(clientName, { multiline: false });
  const base = scrubbed.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    // A leading dot hides a file on Unix; "." and ".." are directory names.
    .replace(/^\.+/, '')
    .trim();
  const extension = `.${kind}`;
  const hasExtension = cleaned.toLowerCase().endsWith(extension);
  const stem = hasExtension ? cleaned.slice(0, -extension.length) : cleaned;
  // Cut by code points, never inside a surrogate pair, keeping room for the extension.
  const kept = Array.from(stem)
    .slice(0, NAME_MAX - extension.length)
    .join('')
    .trim();
  if (kept === '' || kept.replace(/\./g, '') === '') return `${FALLBACK_STEM}${extension}`;
  return `${kept}${hasExtension ? cleaned.slice(-extension.length) : extension}`;
}
