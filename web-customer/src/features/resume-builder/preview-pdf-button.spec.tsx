import { clearSession } from '@shortlist/web-kit';
import { json, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';
import { DRAFT_STORAGE_KEY, emptyDraft, type ResumeDraft } from './resume-draft';

afterEach(() => {
  clearSession();
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const entry = (values: Record<string, string>) => ({ key: 'k', values });

/** A complete form on the last step, as the builder keeps it in this tab. */
function storeLastStep(changes: Partial<ResumeDraft> = {}) {
  const draft: ResumeDraft = {
    ...emptyDraft(),
    degreeLevel: 'Bachelors',
    majorPrimary: 'Data Science',
    targetRole: 'Data Analyst',
    personal: {
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      phone: '9876543210',
      address: 'Pune',
      linkedin: 'N/A',
      github: 'N/A',
    },
    summary: 'Analyst who turns data into decisions.',
    skills: { techSkills: 'SQL', softSkills: 'Writing' },
    lists: {
      work: [
        entry({
          jobTitle: 'Intern',
          company: 'Acme',
          location: 'Pune',
          start: '2024-01',
          end: 'N/A',
          responsibilities: 'Dashboards',
        }),
      ],
      edu: [
        entry({
          degree: 'BSc',
          institution: 'Pune University',
          location: 'Pune',
          start: '2020-07',
          end: '2023-05',
          major: 'Statistics',
        }),
      ],
      projects: [
        entry({ name: 'Churn', desc: 'Model', tech: 'Python', role: 'Lead', link: 'N/A' }),
      ],
      certs: [entry({ name: 'N/A', org: 'N/A', date: 'N/A' })],
      langs: [entry({ name: 'English', level: 'Advanced' })],
    },
    ...changes,
  };
  sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ step: 8, draft }));
}

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

  it('checks the form first and shows the first problem instead', async () => {
    const fetchMock = stubFetch(() => json(200, {}));
    storeLastStep({ summary: '' });
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Preview PDF' }));
    expect(await screen.findByText('Professional summary is required.')).toBeVisible();
    expect(requestsOf(fetchMock).some((r) => r.path === '/api/resume/preview.pdf')).toBe(false);
  });
});
