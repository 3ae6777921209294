import { clearSession } from '@shortlist/web-kit';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { customer, renderApp } from '../testing/render-app';

afterEach(() => clearSession());

describe('customer app routes', () => {
  it.each(['/', '/home'])('shows the home screen at %s', async (path) => {
    await renderApp(path);

    expect(
      screen.getByRole('heading', { level: 1, name: 'Get Shortlisted Faster, there!' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Shortlist' })).toHaveAttribute('href', '/home');
    expect(screen.getByRole('heading', { name: 'Services' })).toBeVisible();
    expect(document.title).toBe('Shortlist — ATS-optimised resumes');
  });

  it('greets a signed-in user by name', async () => {
    await renderApp('/home', { user: customer });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Get Shortlisted Faster, Asha!' }),
    ).toBeVisible();
  });

  it('shows the 404 screen with the unmatched path and the way out', async () => {
    await renderApp('/no-such-page?x=1');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/no-such-page')).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/home');
    expect(main.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(main.getByRole('link', { name: 'Influencer Kit' })).toHaveAttribute(
      'href',
      '/influencer-kit',
    );
    expect(document.title).toBe('Page not found · Shortlist');
  });

  it.each([
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/refund', 'Refund Policy'],
    ['/disclaimer', 'Disclaimer'],
  ])('%s is a legal page whose Close goes to /signup', async (path, title) => {
    await renderApp(path);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const main = within(screen.getByRole('main'));
    for (const close of main.getAllByRole('link', { name: 'Close' })) {
      expect(close).toHaveAttribute('href', '/signup');
    }
  });

  it('words refunds as Pending, never Queued', async () => {
    await renderApp('/refund');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('only while your order is Pending');
    expect(main).toHaveTextContent('5-7 business days');
    expect(main).not.toHaveTextContent(/queued/i);
  });

  it('/signup is the register screen', async () => {
    await renderApp('/signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
  });

  it('/influencer-kit has its six sections and links to the influencer login', async () => {
    await renderApp('/influencer-kit');

    for (const name of [
      'About',
      'Role of an Influencer',
      'Policies & Guidelines',
      'Payouts & Rewards',
      'Tracking & Dashboard',
      'Support',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    expect(screen.getAllByRole('link', { name: 'Influencer login' })[0]).toHaveAttribute(
      'href',
      '/influencer/login',
    );
    expect(screen.getByText('per referred user: registration plus resume review')).toBeVisible();
    expect(screen.getByText('₹2,500', { selector: 'dd' })).toBeVisible();
  });

  it('/about shows the claims and links to contact and pricing', async () => {
    await renderApp('/about');

    expect(screen.getByText('95%')).toBeVisible();
    expect(screen.getByText('48h')).toBeVisible();
    expect(screen.getByText('Priya S****')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
  });
});
