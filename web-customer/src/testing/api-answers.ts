// An order as the API sends it, for the customer app's component tests (fetch is stubbed with
// @shortlist/web-kit/testing). Imported by specs only, never by a screen.

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
    timeline: {
      placedAt: '2025-11-20T10:00:00.000Z',
      paidAt: null,
      startedAt: null,
      deliveredAt: null,
      completedAt: null,
      refundedAt: null,
      dueAt: null,
    },
    newDelivery: false,
    ...overrides,
  };
}
