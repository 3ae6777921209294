import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { basename, routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename });
  render(<RouterProvider router={router} />);
}

describe('customer app routes', () => {
  it.each(['/', '/home'])('shows the home screen at %s', (path) => {
    renderAt(path);

    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'ATS-optimised resumes that get you shortlisted',
      }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Shortlist' })).toHaveAttribute('href', '/home');
    expect(screen.getByText('218+')).toBeVisible();
    expect(screen.getByText('interviews scheduled')).toBeVisible();
    expect(screen.getByText('Shortlist gives no guarantee of jobs or interviews.')).toBeVisible();
  });

  it('shows the 404 screen with the unmatched path and the way out', () => {
    renderAt('/no-such-page?x=1');

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
});
