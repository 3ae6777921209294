import { clearSession } from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';
import { FakeXhr } from './fake-xhr';

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubFetch(() => json(200, { orders: [] }));
});

afterEach(() => {
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const pdf = () => new File(['%PDF-1.4 test'], 'cv.pdf', { type: 'application/pdf' });
const fileInput = () => screen.getByLabelText(/Your resume/);
const follows = (first: HTMLElement, second: HTMLElement) =>
  Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('service order dialogs', () => {
  it('rewrite asks for notes then the file; review the file then notes (4 rows)', async () => {
    const { unmount } = await renderApp('/home?open=resume_rewrite', { user: customer });
    // The file's first opening transforms the dialog's chunk and the query library it brings
    // (lazy since Home stopped carrying them): seconds under a full parallel run.
    let dialog = await screen.findByRole(
      'dialog',
      { name: 'ATS Resume – Rewrite' },
      { timeout: 10_000 },
    );
    const notes = within(dialog).getByRole('textbox', { name: 'Notes (optional)' });
    expect(follows(notes, fileInput())).toBe(true);
    expect(notes).toHaveAttribute('rows', '4');
    expect(dialog).toHaveTextContent('not from a cloud drive');
    unmount();

    await renderApp('/home?open=resume_review', { user: customer });
    dialog = await screen.findByRole('dialog', { name: 'Resume Review' });
    expect(
      follows(fileInput(), within(dialog).getByRole('textbox', { name: 'Notes (optional)' })),
    ).toBe(true);
  });

  it('needs a PDF/DOC/DOCX', async () => {
    await renderApp('/home?open=resume_review', { user: customer });
    const dialog = await screen.findByRole('dialog', { name: 'Resume Review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to checkout' }));
    expect(within(dialog).getByText('Please upload a PDF/DOC/DOCX')).toBeVisible();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('submits, ignores Escape while submitting, then goes to checkout', async () => {
    localStorage.setItem('currency', 'USD');
    const { router } = await renderApp('/home?open=resume_rewrite', { user: customer });
    const dialog = await screen.findByRole('dialog', { name: 'ATS Resume – Rewrite' });
    await userEvent.upload(fileInput(), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to checkout' }));

    const xhr = FakeXhr.sent[0];
    expect(xhr?.url).toBe('/api/orders/service');
    expect(xhr?.headers.Authorization).toBe('Bearer token-u-42');
    expect([...(xhr?.body?.keys() ?? [])]).toEqual(['service', 'description', 'currency', 'file']);
    expect(xhr?.body?.get('service')).toBe('resume_rewrite');
    expect(xhr?.body?.get('description')).toBe('ATS rewrite requested');
    expect(xhr?.body?.get('currency')).toBe('usd');

    expect(within(dialog).getByRole('button', { name: 'Submitting…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).toHaveAttribute('open');

    act(() => xhr?.respond(201, { orderId: 'ord-5' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?orderId=ord-5');
  });

  it('a failure shows the server message, else the fallback, and keeps the dialog open', async () => {
    await renderApp('/home?open=resume_review', { user: customer });
    const dialog = await screen.findByRole('dialog', { name: 'Resume Review' });
    await userEvent.upload(fileInput(), pdf());
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), 'Hi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to checkout' }));
    expect(FakeXhr.sent[0]?.body?.get('description')).toBe('Hi');
    act(() => FakeXhr.sent[0]?.respond(415, { message: 'Please upload a PDF/DOC/DOCX' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Please upload a PDF/DOC/DOCX',
    );

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue to checkout' }));
    act(() => FakeXhr.sent[1]?.respond(500, null));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to create order'),
    );
    expect(dialog).toHaveAttribute('open');
  });

  it('Escape closes it when idle and the form starts fresh next time', async () => {
    await renderApp('/home', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Get a review' }));
    let dialog = screen.getByRole('dialog', { name: 'Resume Review' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), 'x');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(dialog).not.toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Get a review' }));
    dialog = screen.getByRole('dialog', { name: 'Resume Review' });
    expect(within(dialog).getByRole('textbox', { name: 'Notes (optional)' })).toHaveValue('');
  });
});
