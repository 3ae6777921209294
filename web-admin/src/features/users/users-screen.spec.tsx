import { clearSession } from '@shortlist/web-kit';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const user = {
  id: 'u-12345678-aaaa',
  name: 'Asha Verma',
  email: 'asha@example.com',
  role: 'user',
  createdAt: '2025-11-20T10:00:00.000Z',
};

describe('Users', () => {
  it("opens a user's orders from the row, paid or not", async () => {
    stubApi(({ path }) => {
      if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
      if (path.startsWith(`/admin/users/${user.id}/orders`))
        return json(200, {
          items: [
            {
              id: 'o-1',
              orderId: 'o-1',
              userEmail: user.email,
              service: 'resume_review',
              planName: 'Resume Review',
              description: 'Resume review requested',
              status: 'pending',
              paymentStatus: 'unpaid',
              amount: 200,
              currency: 'INR',
              date: user.createdAt,
              createdAt: user.createdAt,
              inputs: { linkedinUrl: null },
              customerUploads: [],
              attachments: [],
              invoiceUrl: null,
              receiptUrl: null,
              hasReviewSuggestions: false,
              reviewSuggestions: null,
              timeline: {
                placedAt: user.createdAt,
                paidAt: null,
                startedAt: null,
                deliveredAt: null,
                completedAt: null,
                refundedAt: null,
                dueAt: null,
              },
              newDelivery: false,
            },
          ],
        });
      if (path.startsWith('/admin/users')) return json(200, { items: [user], total: 1 });
      return undefined;
    });
    renderAdmin('/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Orders of Asha Verma' }));

    const drawer = screen.getByRole('dialog', { name: 'Orders of Asha Verma' });
    expect(await within(drawer).findByText('Resume Review')).toBeVisible();
    expect(within(drawer).getByText('Unpaid')).toBeVisible();
    expect(within(drawer).getByText('₹200')).toBeVisible();
  });

  it("shows 'Failed to load users' with Retry", async () => {
    stubApi(({ path }) =>
      path.startsWith('/admin/dashboard') ? json(200, dashboardAnswer) : json(500, {}),
    );
    renderAdmin('/users');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users');
  });
});
