import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';

afterEach(() => {
  clearSession();
  localStorage.clear();
});

const card = (name: string) => screen.getByRole('article', { name });

describe('home services and buttons', () => {
  it('shows three cards with prices; rewrite is Popular, LinkedIn is coming soon and disabled', async () => {
    await renderApp('/home');

    expect(within(card('ATS Resume Rewrite')).getByText('Popular')).toBeVisible();
    expect(within(card('ATS Resume Rewrite')).getByText('₹800')).toBeVisible();
    expect(within(card('ATS Resume Rewrite')).getByText('Save ₹1,900')).toBeVisible();
    expect(within(card('Resume Review')).getByText('₹200')).toBeVisible();
    const linkedin = card('LinkedIn Optimisation');
    expect(within(linkedin).getByRole('button', { name: 'Coming soon' })).toBeDisabled();
  });

  it('prices follow the stored currency', async () => {
    localStorage.setItem('currency', 'USD');
    await renderApp('/home');
    expect(within(card('Resume Review')).getByText('$3')).toBeVisible();
  });

  it('signed out, a service button goes to login with next=/home?open={service}', async () => {
    const { router } = await renderApp('/home');

    await userEvent.click(
      within(card('Resume Review')).getByRole('button', { name: 'Get a review' }),
    );

    // /login is a lazy route: the location changes once its chunk has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/home?open=resume_review')}`,
    );
  });

  it('signed in, a service button opens its dialog', async () => {
    await renderApp('/home', { user: customer });

    await userEvent.click(
      within(card('ATS Resume Rewrite')).getByRole('button', { name: 'Upload for rewrite' }),
    );

    // The dialog's code loads on its first opening.
    expect(await screen.findByRole('dialog', { name: 'ATS Resume – Rewrite' })).toHaveAttribute(
      'open',
    );
  });

  it('?open=resume_review opens the review dialog on arrival and leaves the address', async () => {
    const { router } = await renderApp('/home?open=resume_review', { user: customer });

    expect(await screen.findByRole('dialog', { name: 'Resume Review' })).toHaveAttribute('open');
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('signed out, ?open=resume_review sends to login with next, so the dialog opens after', async () => {
    const { router } = await renderApp('/home?open=resume_review');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(router.state.location.search).toBe(
      `?next=${encodeURIComponent('/home?open=resume_review')}`,
    );
  });

  it('Create Resume goes to the builder when signed in, else to login with next', async () => {
    await renderApp('/home');
    expect(screen.getAllByRole('link', { name: 'Create Resume' })[0]).toHaveAttribute(
      'href',
      '/login?next=%2Fcreateresume',
    );
    clearSession();
  });

  it('Create Resume goes straight to the builder when signed in; View Orders to /orders', async () => {
    await renderApp('/home', { user: customer });
    const main = within(screen.getByRole('main'));
    expect(main.getAllByRole('link', { name: 'Create Resume' })[0]).toHaveAttribute(
      'href',
      '/createresume',
    );
    expect(main.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
    expect(main.getByRole('link', { name: 'Learn More' })).toHaveAttribute('href', '/about');
  });
});
