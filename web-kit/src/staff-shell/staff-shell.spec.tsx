import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useToast } from '../toast/toast-provider';
import { PageHeader } from './page-header';
import { currentNavItem, StaffShell } from './staff-shell';
import type { StaffNavItem } from './staff-shell.types';

const navItems: StaffNavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/orders', label: 'Orders', count: 3, countLabel: 'waiting' },
  { to: '/users', label: 'Users' },
];

function ToastButton() {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show('Saved')}>
      Save
    </button>
  );
}

function renderShell(path: string, onLogout = vi.fn()) {
  const page = (title: string) => (
    <StaffShell
      brandLabel="Admin"
      navItems={navItems}
      user={{ name: 'Asha Admin', email: 'asha@example.com' }}
      onLogout={onLogout}
    >
      <PageHeader title={title} actions={<ToastButton />} />
    </StaffShell>
  );
  const router = createMemoryRouter(
    [
      { path: '/', element: page('Dashboard') },
      { path: '/orders', element: page('Orders') },
      { path: '/orders/:id', element: page('Order') },
      { path: '/users', element: page('Users') },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return { router, onLogout };
}

describe('StaffShell', () => {
  it('marks the current page in the side navigation and the breadcrumbs', () => {
    renderShell('/orders');

    const sideNav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0];
    if (!sideNav) throw new Error('no side navigation');
    expect(within(sideNav).getByRole('link', { name: /Orders/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sideNav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(within(sideNav).getByRole('link', { name: 'Orders 3 waiting' })).toBeVisible();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Orders')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  });

  it('names the signed-in person and logs out', async () => {
    const { onLogout } = renderShell('/');

    expect(screen.getByText('Asha Admin')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));

    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('offers a skip link to the main content', () => {
    renderShell('/users');

    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });

  it('opens the navigation as a drawer from the menu button; Escape closes it', async () => {
    renderShell('/users');
    const menu = screen.getByRole('button', { name: 'Open menu' });

    await userEvent.click(menu);
    const drawer = screen.getByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('open');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    fireEvent.keyDown(drawer, { key: 'Escape' });
    expect(drawer).not.toHaveAttribute('open');
    expect(menu).toHaveFocus();
  });

  it('closes the drawer when a link in it is followed', async () => {
    const { router } = renderShell('/');
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = screen.getByRole('dialog', { name: 'Menu' });

    await userEvent.click(within(drawer).getByRole('link', { name: 'Users' }));

    expect(router.state.location.pathname).toBe('/users');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    expect(screen.queryByRole('dialog', { name: 'Menu' })).toBeNull();
  });

  it('shows toasts raised by a page', async () => {
    renderShell('/');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });
});

describe('currentNavItem', () => {
  it('picks the longest matching path and respects end', () => {
    expect(currentNavItem(navItems, '/orders/o-1')?.label).toBe('Orders');
    expect(currentNavItem(navItems, '/')?.label).toBe('Dashboard');
    expect(currentNavItem(navItems, '/nowhere')).toBeUndefined();
  });
});
