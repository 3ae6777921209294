import { vi } from 'vitest';

/** A JSON answer, as the API sends one. */
export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** One request a stubbed fetch saw: method, the path with its query, JSON body, headers (lower case). */
export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

function toRequest(input: RequestInfo | URL, init?: RequestInit): StubRequest {
  const raw = typeof init?.body === 'string' ? init.body : null;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init?.headers ?? {})) {
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
  }
  return {
    method: init?.method ?? 'GET',
    path: String(input),
    body: raw === null ? null : JSON.parse(raw),
    headers,
  };
}

/** Replaces global fetch; `answer` gets each request and returns the response. */
export function stubFetch(answer: (request: StubRequest) => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => answer(toRequest(input, init)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests a stub saw, for assertions. */
export function requestsOf(fetchMock: ReturnType<typeof stubFetch>): StubRequest[] {
  return fetchMock.mock.calls.map(([input, init]) => toRequest(input, init));
}
