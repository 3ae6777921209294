import { clearSession } from '@shortlist/web-kit';
import { json, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';
import type { ResumeDraft } from './resume-draft';
import { storeCompleteDraft } from './testing/complete-draft';

afterEach(() => {
  clearSession();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

/** A complete form on the last step. */
const storeLastStep = (changes: Partial<ResumeDraft> = {}) => storeCompleteDraft(8, changes);

describe('resume builder: Preview PDF on the last step', () => {
  it('sends the form and offers the PDF to open or download', async () => {
    const fetchMock = stubFetch(({ path }) =>
      path === '/api/resume/preview.pdf'
        ? new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), { status: 200 })
        : json(200, {}),
    );
    storeLastStep();
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    const open = await screen.findByRole('link', { name: 'Open PDF' });
    expect(open.getAttribute('href')).toMatch(/^blob:/);
    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute(
      'download',
      'resume-preview.pdf',
    );
    const sent = requestsOf(fetchMock).find(
      (request) => request.path === '/api/resume/preview.pdf',
    );
    expect(sent?.method).toBe('POST');
    expect(sent?.headers.authorization).toBe('Bearer token-u-42');
    expect(sent?.body).toMatchObject({ personal: { fullName: 'Asha Verma' } });
  });

  it('says so when the preview fails', async () => {
    stubFetch(() => json(500, { message: 'Internal Server Error' }));
    storeLastStep();
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The preview could not be made. Please try again.',
    );
  });

  it('shows the server’s words when it refuses, such as too many previews', async () => {
    const words = 'Too many previews in a short time. Please wait a minute and try again.';
    stubFetch(() => json(429, { message: words }));
    storeLastStep();
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
  });

  it('checks the form first and shows the first problem instead', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    storeLastStep({ summary: '' });
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    expect(await screen.findByText('Professional summary is required.')).toBeVisible();
    expect(requestsOf(fetchMock).some((r) => r.path === '/api/resume/preview.pdf')).toBe(false);
  });
});
