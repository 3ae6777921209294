import { clearSession } from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';
import { SALE_START_KEY, SALE_WINDOW_MS } from './use-sale-deadline';

afterEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const plan = (name: string) => screen.getByRole('article', { name });

describe('pricing', () => {
  it('shows three plans with sale, list and savings in INR by default', async () => {
    await renderApp('/pricing', { user: customer });
    const scratch = within(plan('Create Resume from Scratch'));
    expect(scratch.getByText('₹850')).toBeVisible();
    expect(scratch.getByText('₹3,000')).toBeVisible();
    expect(scratch.getByText('You save ₹2,150')).toBeVisible();
    const rewrite = within(plan('Resume Rewrite'));
    expect(rewrite.getByText('Popular')).toBeVisible();
    expect(rewrite.getByText('You save ₹1,900')).toBeVisible();
    const review = within(plan('Resume Review'));
    expect(review.getByText('₹200')).toBeVisible();
    expect(review.queryByText(/You save/)).toBeNull();
  });

  it('the USD toggle changes prices, the address and the stored currency', async () => {
    const { router } = await renderApp('/pricing', { user: customer });
    const toggle = screen.getByRole('group', { name: 'Currency' });
    expect(within(toggle).getByRole('button', { name: 'INR' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(toggle).getByRole('button', { name: 'USD' }));
    const scratch = within(plan('Create Resume from Scratch'));
    expect(scratch.getByText('$17')).toBeVisible();
    expect(scratch.getByText('$39')).toBeVisible();
    expect(scratch.getByText('You save $22')).toBeVisible();
    expect(within(plan('Resume Review')).getByText('$3')).toBeVisible();
    expect(localStorage.getItem('currency')).toBe('USD');
    expect(router.state.location.search).toBe('?currency=usd');
  });

  it('?currency= wins on arrival and is stored', async () => {
    localStorage.setItem('currency', 'INR');
    await renderApp('/pricing?currency=usd', { user: customer });
    expect(within(plan('Resume Rewrite')).getByText('$14')).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('currency')).toBe('USD'));
  });

  it('the sale countdown starts at 48:00:00 on the first visit of the session', async () => {
    await renderApp('/pricing', { user: customer });
    const timer = screen.getByRole('timer');
    expect(timer).toHaveTextContent(/^(48:00:00|47:59:59)$/);
    const started = Number(sessionStorage.getItem(SALE_START_KEY));
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('keeps the session’s window, and starts a new one once it has run out', async () => {
    sessionStorage.setItem(SALE_START_KEY, String(Date.now() - SALE_WINDOW_MS + 1500));
    await renderApp('/pricing', { user: customer });
    expect(screen.getByRole('timer')).toHaveTextContent(/^00:00:0[12]$/);
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^4[78]:/), {
      timeout: 4000,
    });
    expect(Date.now() - Number(sessionStorage.getItem(SALE_START_KEY))).toBeLessThan(3000);
  });

  it('?open= opens the matching upload dialog', async () => {
    stubFetch(() => json(200, {}));
    await renderApp('/pricing?open=resume_rewrite', { user: customer });
    expect(await screen.findByRole('dialog', { name: 'ATS Resume – Rewrite' })).toHaveAttribute(
      'open',
    );
  });

  it('plan buttons: upload dialogs for rewrite and review, the builder for from scratch', async () => {
    const { router } = await renderApp('/pricing?currency=usd', { user: customer });
    await userEvent.click(
      within(plan('Resume Review')).getByRole('button', { name: 'Get a review' }),
    );
    expect(screen.getByRole('dialog', { name: 'Resume Review' })).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(
      within(plan('Create Resume from Scratch')).getByRole('button', { name: 'Create Resume' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/createresume'));
    expect(router.state.location.search).toBe('?currency=usd');
  });
});
