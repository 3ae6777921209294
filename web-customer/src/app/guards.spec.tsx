import { clearSession } from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../testing/render-app';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('signed-in routes (SPEC §2)', () => {
  it.each(['/createresume', '/pricing', '/checkout', '/orders', '/profile'])(
    'signed out, %s sends the visitor to / and remembers where they were going',
    async (path) => {
      const { router } = await renderApp(`${path}?orderId=o-1`);

      expect(router.state.location.pathname).toBe('/');
      expect(router.state.location.state).toEqual({ from: `${path}?orderId=o-1` });
      expect(
        screen.getByRole('heading', { level: 1, name: 'Get Shortlisted Faster, there!' }),
      ).toBeVisible();
      expect(screen.getByText('Please log in to open that page.')).toBeVisible();
    },
  );

  it('the notice links to login with the origin as next', async () => {
    await renderApp('/orders');
    const notice = screen.getByText('Please log in to open that page.');
    const link = notice.querySelector('a');
    expect(link).toHaveAttribute('href', '/login?next=%2Forders');
  });

  it('signed in, the screen opens', async () => {
    stubFetch(() => json(200, { orders: [] }));
    const { router } = await renderApp('/orders', { user: customer });

    expect(router.state.location.pathname).toBe('/orders');
    expect(screen.queryByText('Please log in to open that page.')).toBeNull();
  });
});

describe('maintenance flag (SPEC §2)', () => {
  it.each(['/', '/home', '/contact', '/orders', '/no-such-page'])(
    'on: %s shows the maintenance screen',
    async (path) => {
      await renderApp(path, { maintenance: true });

      expect(
        screen.getByRole('heading', {
          level: 1,
          name: 'Maintenance Mode, We will be available soon..!',
        }),
      ).toBeVisible();
      expect(
        screen.getByText(
          'If this message persists, please refresh the page or clear your browser cache.',
        ),
      ).toBeVisible();
      expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    },
  );

  it('on at run time: the server says so (MAINTENANCE=true), no rebuild needed', async () => {
    await renderApp('/contact', { site: { maintenance: true, paymentsSimulated: false } });
    // The site's settings are read by a lazy part of the shell: the contact screen may be drawn
    // first, then give way to the maintenance screen.
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Maintenance Mode, We will be available soon..!',
      }),
    ).toBeVisible();
  });

  it('on: /influencer-kit stays reachable', async () => {
    await renderApp('/influencer-kit', { maintenance: true });
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Grow with Shortlist: the influencer programme',
      }),
    ).toBeVisible();
  });

  it('/maintenance shows the screen whatever the flag', async () => {
    await renderApp('/maintenance');
    expect(screen.getByRole('heading', { level: 1, name: /Maintenance Mode/ })).toBeVisible();
  });

  it('off: the site works as usual', async () => {
    await renderApp('/contact');
    expect(screen.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  });
});

describe('simulated payments', () => {
  const notice =
    'Test mode: payments on this site are simulated, so no money moves and nothing is charged.';

  it('says so on every page when the server takes payments through its sandbox', async () => {
    await renderApp('/contact', { site: { maintenance: false, paymentsSimulated: true } });
    // Shown once the shell's lazy settings reader has read them.
    expect(await screen.findByRole('note')).toHaveTextContent(notice);
  });

  it('says nothing with real payments', async () => {
    await renderApp('/contact');
    expect(screen.queryByText(notice)).toBeNull();
  });
});
