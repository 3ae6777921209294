import { clearSession } from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';
import { initials } from './initials';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

const stats = { ok: true, totals: { resumes: 1, orders: 5 }, orders: { pending: 2, completed: 3 } };
const toast = (text: string) => screen.findByText(text, { selector: '[role="status"] p' });

describe('profile', () => {
  it('shows who is signed in, the Profile ID and the order counts', async () => {
    stubFetch(() => json(200, stats));
    await renderApp('/profile', { user: { ...customer, name: 'Asha Verma' } });
    expect(screen.getByRole('heading', { level: 1, name: 'Asha Verma' })).toBeVisible();
    expect(screen.getByText('AV')).toBeVisible();
    expect(screen.getByText('asha@example.com')).toBeVisible();
    expect(screen.getByText('u-42')).toBeVisible();
    const counts = within(screen.getByRole('region', { name: 'Your orders' }));
    expect(await counts.findByText('2')).toBeVisible();
    expect(counts.getByText('3')).toBeVisible();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Create Resume' })).toHaveAttribute(
      'href',
      '/createresume',
    );
    expect(main.getByRole('link', { name: 'View Orders' })).toHaveAttribute('href', '/orders');
  });

  it('copies the Profile ID, or says it could not', async () => {
    stubFetch(() => json(200, stats));
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderApp('/profile', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Copy ID' }));
    expect(writeText).toHaveBeenCalledWith('u-42');
    expect(await toast('Profile ID copied!')).toBeVisible();

    writeText.mockRejectedValue(new Error('denied'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy ID' }));
    expect(await toast('Unable to copy Profile ID.')).toBeVisible();
  });

  it('a failed count load offers Retry', async () => {
    stubFetch(() => json(500, null));
    await renderApp('/profile', { user: customer });
    expect(await screen.findByText('Unable to load your order counts.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  it('initials come from the first and last name, else the e-mail', () => {
    expect(initials('asha  kumari verma', 'x@y.z')).toBe('AV');
    expect(initials('', 'ravi@example.com')).toBe('R');
  });
});
