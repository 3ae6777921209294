// Test data for the Orders specs: orders and answers as the API sends them, and a stand-in for
// XMLHttpRequest (the one browser API with upload progress). Imported by specs only.
import { validResumePayload } from '@shortlist/domain/testing';
import { vi } from 'vitest';

export const ORDER_ID = '3f2a9c1e-0000-4000-8000-000000000001';
export const CUSTOMER_ID = 'u-42';

export function apiOrder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: ORDER_ID,
    orderId: ORDER_ID,
    userEmail: 'asha@example.com',
    service: 'resume_review',
    planName: 'Resume Review',
    description: 'Resume review requested',
    status: 'pending',
    paymentStatus: 'paid',
    amount: 200,
    currency: 'INR',
    date: '2025-11-20T10:00:00.000Z',
    createdAt: '2025-11-20T10:00:00.000Z',
    inputs: { linkedinUrl: null },
    customerUploads: [{ name: 'cv.pdf', url: `/api/orders/${ORDER_ID}/uploads/0` }],
    attachments: [
      {
        name: 'final.pdf',
        filename: 'final.pdf',
        url: `/api/orders/${ORDER_ID}/attachments/final.pdf`,
      },
    ],
    invoiceUrl: null,
    receiptUrl: null,
    hasReviewSuggestions: true,
    reviewSuggestions: 'Tighten the summary.',
    timeline: {
      placedAt: '2025-11-20T10:00:00.000Z',
      paidAt: '2025-11-20T10:05:00.000Z',
      startedAt: null,
      deliveredAt: '2025-11-21T09:00:00.000Z',
      completedAt: null,
      refundedAt: null,
      dueAt: '2025-11-22T10:05:00.000Z',
    },
    newDelivery: true,
    ...overrides,
  };
}

export const listItem = (overrides: Record<string, unknown> = {}) => ({
  ...apiOrder(overrides),
  user: { id: CUSTOMER_ID, name: 'Asha Verma', email: 'asha@example.com' },
});

/** The resume form as the detail route answers it: the builder's payload, cleaned. */
export function resumeView() {
  const payload = validResumePayload();
  return {
    ...payload,
    majorOther: '',
    personal: { ...payload.personal, email: 'asha@example.com' },
    currency: 'INR',
  };
}

export function detailAnswer(overrides: Record<string, unknown> = {}, order = {}) {
  return {
    order: apiOrder(order),
    customer: { id: CUSTOMER_ID, name: 'Asha Verma', email: 'asha@example.com' },
    resume: null,
    payment: {
      providerOrderId: 'order_Sbx123',
      paymentId: 'pay_Sbx456',
      amount: 200,
      currency: 'INR',
      method: null,
      paidAt: '2025-11-20T10:05:00.000Z',
      refunds: [],
    },
    atsCheck: null,
    refundable: true,
    erasedAt: null,
    ...overrides,
  };
}

export const auditTrailAnswer = {
  items: [
    {
      stream: `order-${ORDER_ID}`,
      type: 'OrderPlaced',
      at: '2025-11-20T10:00:00.000Z',
      actor: `user:${CUSTOMER_ID}`,
      actorName: null,
      version: 0,
      data: {
        orderId: ORDER_ID,
        userId: CUSTOMER_ID,
        userEmail: null,
        service: 'resume_review',
        planName: 'Resume Review',
        description: 'Resume review requested',
        amount: 200,
        currency: 'INR',
        resume: null,
        customerUploads: null,
      },
    },
    {
      stream: `order-${ORDER_ID}`,
      type: 'OrderPaid',
      at: '2025-11-20T10:05:00.000Z',
      actor: 'provider:razorpay',
      actorName: null,
      version: 1,
      data: {
        orderId: ORDER_ID,
        paymentId: 'pay_Sbx456',
        providerOrderId: 'order_Sbx123',
        amount: 200,
        currency: 'INR',
      },
    },
    {
      stream: `order-${ORDER_ID}`,
      type: 'OrderStatusChanged',
      at: '2025-11-21T09:00:00.000Z',
      actor: 'admin:a-1234567890',
      actorName: 'Priya Shah',
      version: 2,
      data: { orderId: ORDER_ID, from: 'pending', to: 'completed' },
    },
    {
      stream: `order-${ORDER_ID}`,
      type: 'OrderDataErased',
      at: '2025-12-22T02:00:00.000Z',
      actor: 'system:retention',
      actorName: null,
      version: 3,
      data: { orderId: ORDER_ID },
    },
  ],
};

/** How the fake upload ends: the status and JSON body the "server" answers. */
export interface UploadOutcome {
  status: number;
  body: unknown;
}

/**
 * Replaces XMLHttpRequest: `send` reports half, then all of the upload, then answers with
 * `outcome()`. Returns the FormData each upload sent.
 */
export function stubUploads(outcome: () => UploadOutcome) {
  const sent: { url: string; form: FormData }[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    private url = '';
    private listeners = new Map<string, (() => void)[]>();
    private progress: ((event: ProgressEvent) => void)[] = [];
    upload = {
      addEventListener: (_: string, listener: (event: ProgressEvent) => void) => {
        this.progress.push(listener);
      },
    };
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    getResponseHeader(): string | null {
      return null;
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    abort() {}
    send(form: FormData) {
      sent.push({ url: this.url, form });
      queueMicrotask(() => {
        for (const loaded of [50, 100]) {
          for (const listener of this.progress) {
            listener({ lengthComputable: true, loaded, total: 100 } as ProgressEvent);
          }
        }
        const { status, body } = outcome();
        this.status = status;
        this.responseText = JSON.stringify(body);
        for (const listener of this.listeners.get('load') ?? []) listener();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}
