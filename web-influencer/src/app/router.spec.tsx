import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { basename, routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename });
  render(<RouterProvider router={router} />);
}

describe('influencer app routes', () => {
  it('shows the home screen at /influencer/', () => {
    renderAt('/influencer/');

    expect(screen.getByRole('heading', { level: 1, name: 'Influencer dashboard' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Shortlist Influencer' })).toHaveAttribute(
      'href',
      '/influencer',
    );
  });

  it('shows the 404 screen with the full unmatched path', () => {
    renderAt('/influencer/no-such-page');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/influencer/no-such-page')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/influencer',
    );
    expect(document.title).toBe('Page not found · Shortlist Influencer');
  });
});
