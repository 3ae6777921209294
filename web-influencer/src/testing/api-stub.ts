// Test helpers for the influencer app's component tests: a fetch stand-in that answers by method
// and path, and answers as the API sends them. Imported by specs only, never by a screen.
import { vi } from 'vitest';

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface StubRequest {
  method: string;
  /** The path with its query, e.g. /api/influencer/statement?before=… */
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

export function requestsOf(fetchMock: ReturnType<typeof stubFetch>): StubRequest[] {
  return fetchMock.mock.calls.map(([input, init]) => toRequest(input, init));
}

export const stats = (overrides: Record<string, unknown> = {}) => ({
  usersReferred: 3,
  registrations: 3,
  orders: 1,
  balance: 50,
  eligible: false,
  ...overrides,
});

export const dashboardAnswer = (overrides: Record<string, unknown> = {}) => ({
  ok: true,
  stats: stats(),
  influencer: {
    name: 'Riya Sen',
    referralCode: 'RIYA2025',
    referralLink: 'https://shortlist.test/register?ref=RIYA2025',
  },
  orders: [
    {
      orderId: '4f1c2a9e-0000-4000-8000-000000000001',
      userEmail: 'asha@customers.test',
      service: 'resume_review',
      status: 'pending',
      createdAt: '2025-11-20T10:00:00.000Z',
    },
    {
      orderId: '7b3d5e11-0000-4000-8000-000000000002',
      userEmail: 'dev@customers.test',
      service: 'resume_rewrite',
      status: 'completed',
      createdAt: '2025-11-18T10:00:00.000Z',
    },
  ],
  ...overrides,
});

export const chartAnswer = () => ({
  ok: true,
  weeks: Array.from({ length: 12 }, (_, index) => ({
    weekStart: new Date(Date.UTC(2025, 8, 1 + index * 7)).toISOString().slice(0, 10),
    registrations: index === 11 ? 3 : 0,
    rewardedOrders: index === 11 ? 1 : 0,
  })),
});

export const payout = (overrides: Record<string, unknown> = {}) => ({
  _id: 'payout-1',
  amount: 2500,
  status: 'requested',
  requestedAt: '2025-11-21T10:00:00.000Z',
  processedAt: null,
  payeeName: 'Riya Sen',
  mobile: '9876543210',
  bankName: 'SBI',
  upiId: 'riya@upi',
  txnId: null,
  ...overrides,
});
