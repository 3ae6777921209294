import { Transform, type TransformCallback } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** The documents customers and admins may upload (SPEC §5: .pdf, .doc, .docx). */
export const DOCUMENT_KINDS = ['pdf', 'doc', 'docx'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_MIME_TYPES: Readonly<Record<DocumentKind, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** SPEC leaves the size open; ARCHITECTURE.md caps uploads at 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export class DocumentTooLargeError extends Error {
  constructor() {
    super(`The document is larger than ${MAX_DOCUMENT_BYTES} bytes`);
    this.name = 'DocumentTooLargeError';
  }
}

// file-type's own advice: this many leading bytes identify every format it knows.
const HEAD_BYTES = 4100;

// A DOCX is a zip holding word/document.xml. file-type names any zip "application/zip" (and a
// docx only when [Content_Types].xml happens to come early), so the entry is looked for in the
// zip's own headers: a local file header (name at offset 30, length at 26) or a central
// directory header (name at offset 46, length at 28). Names are stored uncompressed.
const WORD_DOCUMENT_ENTRY = Buffer.from('word/document.xml', 'latin1');
const ZIP_HEADERS = [
  { signature: Buffer.from([0x50, 0x4b, 0x03, 0x04]), nameLengthAt: 26, nameAt: 30 },
  { signature: Buffer.from([0x50, 0x4b, 0x01, 0x02]), nameLengthAt: 28, nameAt: 46 },
] as const;

// Any Office 97-2003 file (and an .msi installer) is a CFB container; a Word one has a stream
// named "WordDocument", whose directory entry stores the name in UTF-16LE with a terminator.
const WORD_STREAM_NAME = Buffer.from('WordDocument\0', 'utf16le');

// Bytes kept from one chunk to the next so a header split across chunks is still seen.
const CARRY_BYTES = Math.max(
  ...ZIP_HEADERS.map((header) => header.nameAt + WORD_DOCUMENT_ENTRY.length),
  WORD_STREAM_NAME.length,
);

/**
 * What the sniffer saw of a document: its head (for `file-type`) and whether the markers of a
 * Word file went past. Small (at most HEAD_BYTES), so it is what goes to a document worker.
 */
export interface DocumentEvidence {
  head: Uint8Array;
  sawWordDocumentEntry: boolean;
  sawWordStream: boolean;
}

/**
 * A pass-through that checks a document by its CONTENT while it streams to storage: it counts
 * bytes (failing with DocumentTooLargeError past the cap, so an oversized upload is refused
 * before it is all written), keeps the head for `file-type`, and watches for the markers that
 * tell a Word file from any other zip or CFB container: a byte search, linear and cheap enough
 * for the request thread. `evidence()` answers once the stream ended; `documentKindOf` reads it
 * (with a third-party parser, so in a document worker: files/document-kind.ts). The client's
 * file name and Content-Type are never consulted.
 */
export class DocumentSniffer extends Transform {
  private bytes = 0;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;
  private carry: Buffer = Buffer.alloc(0);
  private sawWordDocumentEntry = false;
  private sawWordStream = false;

  constructor(private readonly maxBytes: number = MAX_DOCUMENT_BYTES) {
    super();
  }

  get size(): number {
    return this.bytes;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      done(new DocumentTooLargeError());
      return;
    }
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headChunks.push(part);
      this.headLength += part.length;
    }
    this.scan(chunk);
    done(null, chunk);
  }

  evidence(): DocumentEvidence {
    return {
      head: new Uint8Array(Buffer.concat(this.headChunks)),
      sawWordDocumentEntry: this.sawWordDocumentEntry,
      sawWordStream: this.sawWordStream,
    };
  }

  private scan(chunk: Buffer): void {
    if (this.sawWordDocumentEntry && this.sawWordStream) return;
    const window = this.carry.length === 0 ? chunk : Buffer.concat([this.carry, chunk]);
    if (!this.sawWordStream && window.includes(WORD_STREAM_NAME)) this.sawWordStream = true;
    if (!this.sawWordDocumentEntry) this.sawWordDocumentEntry = hasWordDocumentEntry(window);
    this.carry = Buffer.from(window.subarray(Math.max(0, window.length - CARRY_BYTES)));
  }
}

/** The document's kind by content, or null when it is none of PDF, DOC, DOCX. */
export async function documentKindOf(evidence: DocumentEvidence): Promise<DocumentKind | null> {
  const type = await fileTypeFromBuffer(evidence.head);
  if (type === undefined) return null;
  if (type.mime === 'application/pdf') return 'pdf';
  if (type.mime === 'application/x-cfb') return evidence.sawWordStream ? 'doc' : null;
  if (type.ext === 'zip' || type.ext === 'docx') {
    return evidence.sawWordDocumentEntry ? 'docx' : null;
  }
  return null;
}

// A header too close to the window's end to read its name lies in the carried bytes and is
// checked again with the next chunk.
function hasWordDocumentEntry(window: Buffer): boolean {
  for (const header of ZIP_HEADERS) {
    for (let at = window.indexOf(header.signature); at !== -1; ) {
      const nameEnd = at + header.nameAt + WORD_DOCUMENT_ENTRY.length;
      if (nameEnd > window.length) break;
      const nameLength = window.readUInt16LE(at + header.nameLengthAt);
      const name = window.subarray(at + header.nameAt, nameEnd);
      if (nameLength === WORD_DOCUMENT_ENTRY.length && name.equals(WORD_DOCUMENT_ENTRY)) {
        return true;
      }
      at = window.indexOf(header.signature, at + 1);
    }
  }
  return false;
}
