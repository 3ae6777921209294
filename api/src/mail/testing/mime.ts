/**
 * Just enough MIME to read what nodemailer sends (mailparser is not available here): headers,
 * multipart bodies, quoted-printable and base64 parts, RFC 2047 encoded words. Test-only.
 */
export interface MimePart {
  headers: Map<string, string>;
  /** Decoded body of a leaf part; '' for a multipart container. */
  body: string;
  parts: MimePart[];
}

export function parseMime(raw: string): MimePart {
  const normalised = raw.replace(/\r\n/g, '\n');
  const split = normalised.indexOf('\n\n');
  const head = split === -1 ? normalised : normalised.slice(0, split);
  const rest = split === -1 ? '' : normalised.slice(split + 2);
  const headers = parseHeaders(head);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary !== undefined) {
    const sections = rest.split(`--${boundary}`);
    // Before the first boundary is the preamble; after the closing one (`--boundary--`) nothing.
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\n/, '')));
    return { headers, body: '', parts };
  }
  return { headers, body: decodeBody(rest, headers.get('content-transfer-encoding')), parts: [] };
}

/** The first leaf part of this type (e.g. 'text/plain'), depth first. */
export function findPart(part: MimePart, type: string): MimePart | null {
  if (part.parts.length === 0) {
    const contentType = part.headers.get('content-type') ?? 'text/plain';
    return contentType.toLowerCase().startsWith(type) ? part : null;
  }
  for (const child of part.parts) {
    const found = findPart(child, type);
    if (found !== null) return found;
  }
  return null;
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  // Folded lines continue the previous header.
  const unfolded = head.replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, decodeEncodedWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

export function decodeQuotedPrintable(text: string): string {
  const withoutSoftBreaks = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < withoutSoftBreaks.length; i += 1) {
    const char = withoutSoftBreaks[i];
    const hex = withoutSoftBreaks.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeEncodedWords(value: string): string {
  // RFC 2047 §6.2: white space between two adjacent encoded words is not part of the text.
  return value
    .replace(/(=\?[^?]+\?[BQ]\?[^?]*\?=)\s+(?==\?[^?]+\?[BQ]\?[^?]*\?=)/gi, '$1')
    .replace(
      /=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi,
      (_match, _charset: string, kind: string, text: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
