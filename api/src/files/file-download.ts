import type { FastifyReply } from 'fastify';
import { HttpError } from '../shared/http-error';
import { DOCUMENT_KINDS, DOCUMENT_MIME_TYPES } from './document-sniffer';
import type { FileStorage } from './file-storage.port';
import { shownFileName } from './shown-file-name';

export const DOWNLOAD_MESSAGES = {
  fileNotFound: 'File not found.',
} as const;

/** Uploads were checked by content and named with the matching extension (document-upload.ts). */
function mimeTypeOf(fileName: string): string {
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  const kind = DOCUMENT_KINDS.find((candidate) => candidate === extension);
  return kind === undefined ? 'application/octet-stream' : DOCUMENT_MIME_TYPES[kind];
}

/**
 * RFC 6266: an ASCII fallback for old clients plus the exact UTF-8 name. Names are scrubbed when
 * an upload arrives (document-upload.ts); scrubbing again here keeps a name recorded before
 * that (a bidi character, a control character, an unpaired surrogate that encodeURIComponent
 * would throw on) out of the header a browser shows as is.
 */
export function contentDisposition(fileName: string): string {
  const name = shownFileName(fileName) || 'download';
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRFC5987(name)}`;
}

function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Sends a stored file as a download: always `attachment` (a browser never renders an uploaded
 * document inline on our origin), nosniff, and never cached by shared caches.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: { fileId: string; name: string },
): Promise<FastifyReply> {
  const stored = await storage.get(file.fileId);
  if (stored === null) throw new HttpError(404, DOWNLOAD_MESSAGES.fileNotFound);
  return reply
    .header('content-type', mimeTypeOf(file.name))
    .header('content-length', stored.size)
    .header('content-disposition', contentDisposition(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stored.stream);
}
