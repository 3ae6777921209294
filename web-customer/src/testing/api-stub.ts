// Test helpers for the customer flows' component tests: a fetch stand-in that answers by method
// and path, and an order as the API sends it. Imported by specs only, never by a screen.
import { vi } from 'vitest';

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface StubRequest {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Replaces global fetch; `answer` gets the method, the path with query, and the JSON body. */
export function stubFetch(answer: (request: StubRequest) => Response | Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const raw = typeof init?.body === 'string' ? init.body : null;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(init?.headers ?? {})) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value;
    }
    return answer({
      method: init?.method ?? 'GET',
      path: String(input),
      body: raw === null ? null : JSON.parse(raw),
      headers,
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests a stub saw, as StubRequest, for assertions. */
export function requestsOf(fetchMock: ReturnType<typeof stubFetch>): StubRequest[] {
  return fetchMock.mock.calls.map(([input, init]) => {
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
  });
}

/** SPEC §3 Order as the API answers it. */
export function apiOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = typeof overrides.id === 'string' ? overrides.id : 'order-1234567890';
  return {
    id,
    orderId: id,
    userEmail: 'asha@example.com',
    service: 'resume_review',
    planName: 'Resume Review',
    description: 'Resume review requested',
    status: 'pending',
    paymentStatus: 'unpaid',
    amount: 200,
    currency: 'INR',
    date: '2025-11-20T10:00:00.000Z',
    createdAt: '2025-11-20T10:00:00.000Z',
    inputs: { linkedinUrl: null },
    customerUploads: [{ name: 'cv.pdf', url: `/api/orders/${id}/uploads/0` }],
    attachments: [],
    invoiceUrl: null,
    receiptUrl: null,
    hasReviewSuggestions: false,
    reviewSuggestions: null,
    ...overrides,
  };
}
