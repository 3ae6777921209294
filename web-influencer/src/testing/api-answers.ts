// Answers as the API sends them, for the influencer app's component tests (fetch is stubbed with
// @shortlist/web-kit/testing). Imported by specs only, never by a screen.

export const stats = (overrides: Record<string, unknown> = {}) => ({
  usersReferred: 3,
  registrations: 3,
  orders: 1,
  balance: 50,
  eligible: false,
  pending: 0,
  debt: 0,
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
  method: 'upi',
  accountNumber: null,
  ifsc: null,
  netted: 0,
  reason: null,
  ...overrides,
});

export const funnelAnswer = () => ({
  ok: true,
  shortLink: 'https://shortlist.test/r/RIYA2025',
  weeks: Array.from({ length: 12 }, (_, index) => ({
    weekStart: new Date(Date.UTC(2025, 8, 1 + index * 7)).toISOString().slice(0, 10),
    clicks: index === 11 ? 40 : 0,
    registrations: index === 11 ? 10 : 0,
    firstPurchases: index === 11 ? 4 : 0,
    commission: index === 11 ? 650 : 0,
  })),
  campaigns: [
    { campaign: 'insta-reel', clicks: 30, registrations: 8, firstPurchases: 3, commission: 500 },
    { campaign: null, clicks: 10, registrations: 2, firstPurchases: 1, commission: 150 },
  ],
});
