import { clearSession } from '@shortlist/web-kit';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';

afterEach(() => clearSession());

// The footer comes in its own chunk after the first paint (app-layout.tsx).
const footer = async () => within(await screen.findByRole('contentinfo'));

describe('footer (SPEC §2)', () => {
  it('links the main pages and shows the support e-mail', async () => {
    await renderApp('/about');

    const links = (await footer())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['Home', '/home'],
        ['Create Resume', '/createresume'],
        ['Orders', '/orders'],
        ['About', '/about'],
        ['Contact', '/contact'],
        ['support@shortlist.example', 'mailto:support@shortlist.example'],
      ]),
    );
  });

  it('opens a policy as a modal dialog that traps Tab, closes on Escape and returns focus', async () => {
    await renderApp('/about');
    const opener = (await footer()).getByRole('button', { name: 'Refund Policy' });

    await userEvent.click(opener);
    // The texts load on the first click (their own chunk), so the dialog is awaited.
    const dialog = await screen.findByRole('dialog', { name: 'Refund Policy' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByText(/only while your order is Pending/)).toBeVisible();

    const [close, footerClose] = within(dialog).getAllByRole('button', { name: 'Close' });
    footerClose?.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(footerClose).toHaveFocus();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it.each(['Privacy Policy', 'Terms of Service', 'Disclaimer'])(
    'opens %s from the same source as its page',
    async (name) => {
      await renderApp('/contact');
      await userEvent.click((await footer()).getByRole('button', { name }));
      expect(await screen.findByRole('dialog', { name })).toHaveTextContent(
        /1 month|no guarantee/i,
      );
    },
  );
});
