import { readToken } from '../session/session';
import { ApiError } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;
/** Turns the untyped JSON into a typed value, e.g. a zod schema's `parse`. */
export type Parser<T> = (data: unknown) => T;

export interface RequestOptions {
  method?: HttpMethod;
  /** Query parameters; null and undefined are left out. */
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; a FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT' | 'PATCH';
  /** Upload progress, 0–100, as the browser sends the body. */
  onProgress?: (percent: number) => void;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type WithParser<Options, T> = Options & { parse: Parser<T> };

interface Send<Options> {
  <T>(path: string, options: WithParser<Options, T>): Promise<T>;
  (path: string, options?: Options): Promise<unknown>;
}

interface SendWithBody<Options> {
  <T>(path: string, body: unknown, options: WithParser<Options, T>): Promise<T>;
  (path: string, body?: unknown, options?: Options): Promise<unknown>;
}

interface Upload {
  <T>(path: string, form: FormData, options: WithParser<UploadOptions, T>): Promise<T>;
  (path: string, form: FormData, options?: UploadOptions): Promise<unknown>;
}

export interface ApiClient {
  request: Send<RequestOptions>;
  get: Send<Omit<RequestOptions, 'method' | 'body'>>;
  delete: Send<Omit<RequestOptions, 'method' | 'body'>>;
  post: SendWithBody<Omit<RequestOptions, 'method' | 'body'>>;
  put: SendWithBody<Omit<RequestOptions, 'method' | 'body'>>;
  patch: SendWithBody<Omit<RequestOptions, 'method' | 'body'>>;
  /** Multipart upload through XMLHttpRequest, the one browser API that reports upload progress. */
  upload: Upload;
}

export interface ApiClientConfig {
  /** Default '/api': the three apps share one origin with the API (ARCHITECTURE.md). */
  baseUrl?: string;
  /** The bearer token to send, read at each call so a login takes effect at once. */
  getToken: () => string | null;
  /** For tests. */
  fetch?: typeof fetch;
  /** For tests. */
  createXhr?: () => XMLHttpRequest;
  /** Where the furthest consistency token is kept (default: this tab's sessionStorage). */
  consistency?: ConsistencyTokens;
}

/**
 * The server answers a command as soon as it is stored, with the position it wrote in the
 * `Consistency-Token` header; a request that sends the furthest one back reads its own writes
 * on any API instance (the server waits, only if its read models are behind). Kept in the
 * tab's sessionStorage, so a reload or a move between the three apps still reads what was
 * written; positions compare as strings.
 */
export const CONSISTENCY_TOKEN_HEADER = 'Consistency-Token';
const CONSISTENCY_TOKEN_KEY = 'shortlist.consistencyToken';
// Either store's position format: PostgreSQL's pair, or KurrentDB's prefixed one.
const POSITION_PATTERN = /^(\d{20}-\d{20}|kurrentdb:\d{20}:\d{20})$/;

export interface ConsistencyTokens {
  current(): string | null;
  saw(token: string | null): void;
}

export function sessionConsistencyTokens(): ConsistencyTokens {
  let furthest: string | null = null;
  const stored = () => {
    try {
      return globalThis.sessionStorage?.getItem(CONSISTENCY_TOKEN_KEY) ?? null;
    } catch {
      return null;
    }
  };
  const current = () => {
    const kept = stored();
    if (kept !== null && POSITION_PATTERN.test(kept) && (furthest === null || kept > furthest)) {
      furthest = kept;
    }
    return furthest;
  };
  return {
    current,
    saw(token) {
      if (token === null || !POSITION_PATTERN.test(token)) return;
      const known = current();
      if (known !== null && known >= token) return;
      furthest = token;
      try {
        globalThis.sessionStorage?.setItem(CONSISTENCY_TOKEN_KEY, token);
      } catch {
        // Storage full or refused: this page still sends it from memory.
      }
    },
  };
}

/**
 * One fetch wrapper for the three apps: JSON in and out, the bearer token from the session, and
 * an ApiError for any failure. It never navigates or shows a toast (STYLE.md): screens decide.
 */
export function createApiClient({
  baseUrl = '/api',
  getToken,
  fetch: fetchImpl,
  createXhr = () => new XMLHttpRequest(),
  consistency = sessionConsistencyTokens(),
}: ApiClientConfig): ApiClient {
  const url = (path: string, query?: Record<string, QueryValue>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== null && value !== undefined) search.append(key, String(value));
    }
    const queryString = search.toString();
    return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${queryString ? `?${queryString}` : ''}`;
  };

  const headersFor = (extra: Record<string, string> | undefined, json: boolean) => {
    const headers: Record<string, string> = { Accept: 'application/json', ...extra };
    if (json) headers['Content-Type'] = 'application/json';
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const position = consistency.current();
    if (position !== null) headers[CONSISTENCY_TOKEN_HEADER] = position;
    return headers;
  };

  async function send(
    path: string,
    options: RequestOptions & { parse?: Parser<unknown> } = {},
  ): Promise<unknown> {
    const { method = 'GET', query, body, headers, signal, parse } = options;
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
    const hasBody = body !== undefined;
    let response: Response;
    try {
      response = await (fetchImpl ?? fetch)(url(path, query), {
        method,
        headers: headersFor(headers, hasBody && !isForm),
        body: isForm ? body : hasBody ? JSON.stringify(body) : undefined,
        signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, null);
    }
    consistency.saw(response.headers?.get(CONSISTENCY_TOKEN_HEADER) ?? null);
    const text = await response.text().catch(() => '');
    return await settle(response.status, text, parse);
  }

  function upload(
    path: string,
    form: FormData,
    options: UploadOptions & { parse?: Parser<unknown> } = {},
  ): Promise<unknown> {
    const { method = 'POST', onProgress, headers, signal, parse } = options;
    return new Promise((resolve, reject) => {
      if (signal?.aborted) {
        reject(new DOMException('The upload was aborted', 'AbortError'));
        return;
      }
      const xhr = createXhr();
      xhr.open(method, url(path));
      for (const [name, value] of Object.entries(headersFor(headers, false))) {
        xhr.setRequestHeader(name, value);
      }
      if (onProgress) {
        xhr.upload.addEventListener('progress', (event) => {
          if (event.lengthComputable && event.total > 0) {
            onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
          }
        });
      }
      xhr.addEventListener('load', () => {
        consistency.saw(xhr.getResponseHeader(CONSISTENCY_TOKEN_HEADER));
        settle(xhr.status, xhr.responseText, parse).then(resolve, reject);
      });
      xhr.addEventListener('error', () => reject(new ApiError(0, null)));
      xhr.addEventListener('timeout', () => reject(new ApiError(0, null)));
      xhr.addEventListener('abort', () =>
        reject(new DOMException('The upload was aborted', 'AbortError')),
      );
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(form);
    });
  }

  const withBody =
    (method: HttpMethod) =>
    (path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      send(path, { ...options, method, body });

  // The overloads only narrow the return type by `parse`; one implementation serves both.
  return {
    request: send,
    get: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      send(path, { ...options, method: 'GET' }),
    delete: (path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
      send(path, { ...options, method: 'DELETE' }),
    post: withBody('POST'),
    put: withBody('PUT'),
    patch: withBody('PATCH'),
    upload,
  } as ApiClient;
}

/** Reads an answer: JSON (or nothing) on success, an ApiError with the server's message otherwise. */
async function settle(
  status: number,
  text: string,
  parse: Parser<unknown> | undefined,
): Promise<unknown> {
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (status < 200 || status >= 300) {
    throw new ApiError(status, await messageIn(data), data);
  }
  return parse ? parse(data) : data;
}

async function messageIn(data: unknown): Promise<string | null> {
  // The contract's schema, and zod with it, loads with the first refusal rather than with every
  // app's first page, which needs neither.
  const { errorMessageIn } = await import('./error-message');
  return errorMessageIn(data);
}

/** The customer and admin apps' client: the token from SPEC §3 session storage. */
export const api = /* @__PURE__ */ createApiClient({ getToken: readToken });
