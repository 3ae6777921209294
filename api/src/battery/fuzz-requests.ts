import fc from 'fast-check';
import type { Caller } from './battery-world';
import { CALLERS } from './battery-world';
import {
  carriesIllFormedText,
  HOSTILE_STRINGS,
  hostileFragment,
  percentEncodeLoosely,
  wtf8,
} from './hostile-text';
import { createArbitraries, type SchemaResolver } from './json-schema-arbitrary';
import type { Operation } from './openapi-operations';

/** One generated request, in the terms of `app.inject`. */
export interface FuzzRequest {
  caller: Caller;
  method: Operation['method'];
  /** The route, for the counts. */
  route: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Whether it carries ill-formed UTF-16 (an unpaired surrogate) anywhere: for the figures. */
  illFormed: boolean;
}

/** Path ids that exist in the world (the owners' orders, influencers, payouts, queries). */
export type KnownIds = readonly string[];

const HOSTILE_IDS = [
  '',
  '0',
  '-1',
  'null',
  'undefined',
  '%00',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%2F..',
  encodeURIComponent('\u0000'),
  encodeURIComponent('\u202eexe.pdf'),
  encodeURIComponent("1' OR '1'='1"),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  encodeURIComponent('x'.repeat(5000)),
  '%E0%A4%A',
  '%C0%AF',
  '9'.repeat(40),
  // An unpaired surrogate as a careless encoder writes it (WTF-8), alone and after a real id.
  '%ED%A0%80',
  '%ED%BF%BF',
  '00000000-0000-0000-0000-000000000000%ED%B0%80',
  // A surrogate pair encoded as two such halves (CESU-8) instead of one 4-byte sequence.
  '%ED%A0%BD%ED%B8%80',
  '%D8%9C',
  '%E2%80%A8',
  '%EF%BF%BE',
  '%F0%9F%98%80',
  `e${'%CC%81'.repeat(200)}`,
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'image/png',
];

const FILE_BODIES: Buffer[] = [
  Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
  Buffer.from('%PDF-1.4\n'),
  Buffer.from('PK\u0003\u0004\u0014\u0000\u0006\u0000'),
  Buffer.from('MZ\u0090\u0000'),
  Buffer.from('<html><script>alert(1)</script></html>'),
  Buffer.alloc(0),
  Buffer.alloc(64 * 1024, 0),
];

/** A multipart body, well formed or not; the boundary in the header may disagree on purpose. */
const multipartArbitrary = (fieldNames: string[]): fc.Arbitrary<{ type: string; body: Buffer }> =>
  fc
    .record({
      fields: fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 })),
          fc.oneof(
            fc.string({ maxLength: 80 }),
            fc.constantFrom(...HOSTILE_STRINGS.slice(0, -1)),
            hostileFragment,
          ),
        ),
        { maxLength: 5 },
      ),
      files: fc.array(
        fc.record({
          field: fc.constantFrom('file', 'upload', ''),
          name: fc.oneof(
            fc.constantFrom('resume.pdf', 'cv.docx', 'a.doc', '', '../../x.pdf'),
            fc.constantFrom(...HOSTILE_STRINGS.slice(0, -1)).map((s) => `${s}.pdf`),
          ),
          type: fc.constantFrom('application/pdf', 'application/zip', 'text/plain', ''),
          content: fc.oneof(fc.constantFrom(...FILE_BODIES), fc.uint8Array({ maxLength: 2048 })),
        }),
        { maxLength: 2 },
      ),
      boundary: fc.constantFrom('XyZfuzzBoundary', '', 'a'.repeat(80), 'with space', '--'),
      headerBoundary: fc.option(fc.constantFrom('XyZfuzzBoundary', 'other', ''), { nil: null }),
      cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null, freq: 4 }),
      closing: fc.boolean(),
    })
    .map(({ fields, files, boundary, headerBoundary, cut, closing }) => {
      const parts: Buffer[] = [];
      // wtf8: an unpaired surrogate goes as its own bytes, not as the U+FFFD Buffer.from writes.
      for (const [name, value] of fields) {
        parts.push(
          wtf8(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
          ),
        );
      }
      for (const file of files) {
        parts.push(
          wtf8(
            `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
              (file.type === '' ? '' : `Content-Type: ${file.type}\r\n`) +
              '\r\n',
          ),
          Buffer.from(file.content),
          Buffer.from('\r\n'),
        );
      }
      if (closing) parts.push(Buffer.from(`--${boundary}--\r\n`));
      let body = Buffer.concat(parts);
      // A request cut off part way: a malformed multipart is the client's fault, a 400, never a
      // 500.
      if (cut !== null) body = body.subarray(0, Math.floor(body.length * cut));
      const type =
        headerBoundary === null
          ? `multipart/form-data; boundary=${boundary}`
          : `multipart/form-data; boundary=${headerBoundary}`;
      return { type, body };
    });

/**
 * Requests for one operation: callers of every role, path ids known and hostile, query and
 * header parameters and bodies from the schema (valid, boundary, hostile), JSON that does not
 * parse, wrong content types, and multipart bodies of every shape for the upload routes.
 */
export function requestsFor(
  operation: Operation,
  resolve: SchemaResolver,
  knownIds: KnownIds,
): fc.Arbitrary<FuzzRequest> {
  const { hostile, hostileString, valid } = createArbitraries(resolve);
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const headerParams = operation.parameters.filter((p) => p.in === 'header');

  const pathValue = (schema: Operation['parameters'][number]['schema']) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...knownIds).map(encodeURIComponent) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 2, arbitrary: valid(schema).map((v) => percentEncodeLoosely(String(v))) },
      { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_IDS) },
      { weight: 3, arbitrary: hostileString(schema).map(percentEncodeLoosely) },
    );
  const path = fc
    .tuple(...pathParams.map((p) => pathValue(p.schema)))
    .map((values) =>
      pathParams.reduce(
        (url, param, index) => url.replace(`:${param.name}`, values[index] ?? ''),
        operation.path,
      ),
    );

  const queryValue = (schema: Operation['parameters'][number]['schema']) =>
    hostile(schema).map((value): string[] | undefined => {
      if (value === undefined) return undefined;
      if (Array.isArray(value)) return value.map((item) => JSON.stringify(item) ?? '');
      return [typeof value === 'string' ? value : JSON.stringify(value)];
    });
  const query = fc
    .tuple(
      fc.tuple(...queryParams.map((p) => queryValue(p.schema))),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.constantFrom(...HOSTILE_STRINGS.slice(0, -1)), {
        maxKeys: 2,
      }),
    )
    .map(([values, extra]) => {
      // Encoded by hand: URLSearchParams would turn an unpaired surrogate into U+FFFD.
      const pairs: string[] = [];
      const add = (key: string, value: string) =>
        pairs.push(`${percentEncodeLoosely(key)}=${percentEncodeLoosely(value)}`);
      queryParams.forEach((param, index) => {
        for (const item of values[index] ?? []) add(param.name, item);
      });
      for (const [key, value] of Object.entries(extra)) add(key, value);
      return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
    });

  const headers = fc.tuple(...headerParams.map((p) => hostile(p.schema))).map((values) => {
    const out: Record<string, string> = {};
    headerParams.forEach((param, index) => {
      const value = values[index];
      // A header cannot carry CR/LF or NUL at all: the client refuses before the server sees it.
      if (value !== undefined) out[param.name] = String(value).replace(/[\r\n\0]/g, '');
    });
    return out;
  });

  type Body = { type: string | null; payload: string | Buffer | undefined };
  const jsonSchema = operation.body?.contentType === 'application/json' ? operation.body : null;
  const isMultipart = operation.body?.contentType === 'multipart/form-data';
  const body: fc.Arbitrary<Body> = fc.oneof(
    {
      weight: jsonSchema === null ? 1 : 10,
      arbitrary: hostile(jsonSchema?.schema ?? { type: 'object' }).map(
        (value): Body => ({
          type: 'application/json',
          payload: value === undefined ? undefined : JSON.stringify(value),
        }),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...CONTENT_TYPES),
          fc.constantFrom('{', '{"a":', 'null', '[]', '""', '1', '{"__proto__":{"x":1}}', '\u0000'),
        )
        .map(([type, payload]): Body => ({ type, payload })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ type: null, payload: undefined }) },
    {
      weight: isMultipart ? 12 : 1,
      arbitrary: multipartArbitrary([
        ...Object.keys(operation.body?.schema.properties ?? {}),
        'file',
        'service',
        'description',
        'currency',
      ]).map((m): Body => ({ type: m.type, payload: m.body })),
    },
  );

  // Mostly the callers the route is for, so the requests get past access control to the
  // parsing and the handlers; the rest from anyone (the access battery covers refusals).
  const caller = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...intendedCallers(operation.path)) },
    { weight: 2, arbitrary: fc.constantFrom(...CALLERS) },
  );
  return fc
    .record({ caller, path, query, headers, body })
    .map(({ caller, path: url, query: search, headers: extra, body: sent }) => {
      const request = {
        caller,
        method: operation.method,
        route: `${operation.method} ${operation.path}`,
        url: `${url}${search}`,
        headers: { ...extra, ...(sent.type === null ? {} : { 'content-type': sent.type }) },
        ...(sent.payload === undefined ? {} : { payload: sent.payload }),
      };
      return { ...request, illFormed: carriesIllFormedText(request) };
    });
}

function intendedCallers(path: string): Caller[] {
  if (path.endsWith('/login') || path === '/api/register' || path.startsWith('/api/forgot')) {
    return ['anonymous'];
  }
  if (path.startsWith('/api/admin/')) return ['admin'];
  if (path.startsWith('/api/influencer/')) return ['influencer', 'otherInfluencer'];
  return ['customer', 'otherCustomer', 'admin', 'anonymous'];
}

/** How a failing request is reported: enough to replay it by hand. */
export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : typeof request.payload === 'string'
        ? request.payload
        : request.payload.toString('latin1');
  const shown =
    payload.length > 400 ? `${payload.slice(0, 400)}… (${payload.length} bytes)` : payload;
  return `${request.caller} ${request.method} ${request.url.slice(0, 300)} ${JSON.stringify(request.headers)} ${JSON.stringify(shown)}`;
}
