import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const rules = (orderCommission: number, history: unknown[] = []) => ({
  ok: true,
  firstReview: 50,
  orderCommission,
  upcoming: [],
  history,
});

describe('Reward rules', () => {
  it('shows the amounts in force and the history, and saves a change', async () => {
    let commission = 150;
    const seen = stubApi(({ method, path }) => {
      if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
      if (!path.startsWith('/admin/reward-rules')) return undefined;
      if (method === 'POST') {
        commission = 180;
        return json(200, { ...rules(180), message: 'Reward rule saved' });
      }
      return json(
        200,
        rules(
          commission,
          commission === 180
            ? [
                {
                  kind: 'order_commission',
                  amount: 180,
                  effectiveFrom: '2026-11-26',
                  changedAt: '2026-11-26T10:00:00.000Z',
                  changedBy: 'admin:a1',
                },
              ]
            : [],
        ),
      );
    });
    renderAdmin('/reward-rules');
    await waitFor(() =>
      expect(screen.getByTestId('order-commission-amount')).toHaveTextContent('₹150'),
    );
    expect(screen.getByTestId('first-review-amount')).toHaveTextContent('₹50');
    expect(screen.getByText(/No change yet/)).toBeVisible();

    await userEvent.type(screen.getByLabelText(/^Amount/), '180');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reward rule saved'));
    expect(seen.find((request) => request.method === 'POST')).toMatchObject({
      path: '/admin/reward-rules',
      body: { kind: 'order_commission', amount: 180 },
    });
    await waitFor(() =>
      expect(screen.getByTestId('order-commission-amount')).toHaveTextContent('₹180'),
    );
    expect(screen.getByRole('table', { name: 'History' })).toHaveTextContent('admin:a1');
  });

  it('shows the server’s refusal in the spec’s words', async () => {
    stubApi(({ method, path }) => {
      if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
      if (!path.startsWith('/admin/reward-rules')) return undefined;
      return method === 'POST'
        ? json(400, { message: 'The commission must be between ₹150 and ₹200.' })
        : json(200, rules(150));
    });
    renderAdmin('/reward-rules');
    await userEvent.type(await screen.findByLabelText(/^Amount/), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The commission must be between ₹150 and ₹200.',
    );
  });
});
