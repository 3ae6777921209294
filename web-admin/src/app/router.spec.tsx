import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { basename, routes } from './router';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], basename });
  render(<RouterProvider router={router} />);
}

describe('admin app routes', () => {
  it('shows the home screen at /admin/', () => {
    renderAt('/admin/');

    expect(screen.getByRole('heading', { level: 1, name: 'Admin control panel' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Shortlist Admin' })).toHaveAttribute('href', '/admin');
  });

  it('shows the 404 screen with the full unmatched path', () => {
    renderAt('/admin/no-such-page');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    expect(screen.getByText('/admin/no-such-page')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(document.title).toBe('Page not found · Shortlist Admin');
  });
});
