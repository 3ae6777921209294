import type { AtsReportView } from '@shortlist/domain/contract';
import { clearSession } from '@shortlist/web-kit';
import { json, stubFetch } from '@shortlist/web-kit/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../shared/service-order/fake-xhr';
import { customer, renderApp } from '../../testing/render-app';
import { clearPendingOrder } from './pending-order-store';

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  stubFetch(() => json(200, { orders: [] }));
});

afterEach(async () => {
  await clearPendingOrder();
  clearSession();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const pdf = () => new File(['%PDF-1.4 test'], 'cv.pdf', { type: 'application/pdf' });

const report = (overrides: Partial<AtsReportView> = {}): AtsReportView => ({
  score: 62,
  kind: 'pdf',
  pages: 1,
  words: 320,
  columns: 1,
  checks: [
    {
      id: 'contact',
      title: 'Contact details',
      status: 'fail',
      message: 'No phone number was found: add it as plain text near the top.',
    },
    {
      id: 'layout',
      title: 'One-column layout',
      status: 'warn',
      message: 'A few lines have text side by side.',
    },
    {
      id: 'text-layer',
      title: 'Readable text',
      status: 'pass',
      message: 'The file has a real text layer.',
    },
  ],
  fields: {
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: null,
    location: 'Pune, India',
    linkedin: null,
    jobs: [{ title: 'Data Analyst', company: 'Acme Retail', dates: 'Jan 2021 – Present' }],
    education: [],
    skills: ['SQL', 'Python'],
  },
  sections: [{ kind: 'experience', title: 'EXPERIENCE' }],
  text: 'Asha Rao\nasha@example.com\nEXPERIENCE',
  keywords: { found: ['SQL'], missing: ['Tableau'], percent: 50, required: [], preferred: [] },
  limitations: [],
  ...overrides,
});

async function runCheck(jobDescription = '') {
  await userEvent.upload(screen.getByLabelText(/Your resume/), pdf());
  if (jobDescription !== '') {
    await userEvent.type(screen.getByRole('textbox', { name: /Job description/ }), jobDescription);
  }
  await userEvent.click(screen.getByRole('button', { name: 'Check my resume' }));
}

describe('/ats-check', () => {
  it('is open to signed-out visitors and sends the description before the file', async () => {
    await renderApp('/ats-check');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'See your resume the way an ATS reads it',
    );
    await runCheck('SQL and Tableau');
    const xhr = FakeXhr.sent[0];
    expect(xhr?.url).toBe('/api/ats-check');
    expect(xhr?.headers.Authorization).toBeUndefined();
    expect([...(xhr?.body?.keys() ?? [])]).toEqual(['jobDescription', 'file']);
    expect(screen.getByRole('button', { name: 'Checking…' })).toBeDisabled();
  });

  it('shows the score, the checks worst first, the fields found and the text the ATS read', async () => {
    await renderApp('/ats-check');
    await runCheck();
    act(() => FakeXhr.sent[0]?.respond(200, report()));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).getByText('62')).toBeVisible();
    expect(within(result).getByText('Readable, with a few things to fix.')).toBeVisible();
    const checks = within(result)
      .getAllByRole('listitem')
      .filter((item) => item.dataset.status);
    expect(checks.map((item) => item.dataset.status)).toEqual(['fail', 'warn', 'pass']);
    expect(checks[0]).toHaveTextContent('FixContact details');
    const fields = within(result).getByRole('region', { name: 'Fields the ATS filled' });
    expect(within(fields).getByText('Asha Rao')).toBeVisible();
    expect(within(fields).getAllByText('Not found')).toHaveLength(2);
    expect(within(fields).getByText('No degree found')).toBeVisible();
    expect(
      within(result).getByRole('region', { name: 'Text the ATS read from your resume' }),
    ).toHaveTextContent('Asha Rao asha@example.com EXPERIENCE');
    expect(within(result).getByText('50% of the job’s keywords are in your resume.')).toBeVisible();
    expect(document.activeElement).toBe(
      within(result).getByRole('heading', { name: 'Your result' }),
    );
  });

  it('says when columns were found, and which keywords the job requires or names as a plus', async () => {
    await renderApp('/ats-check');
    await runCheck('SQL, Python and Tableau');
    act(() =>
      FakeXhr.sent[0]?.respond(
        200,
        report({
          columns: 2,
          keywords: {
            found: ['SQL', 'Tableau'],
            missing: ['Python', 'dbt'],
            percent: 50,
            required: ['SQL', 'Python'],
            preferred: ['dbt'],
          },
        }),
      ),
    );
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).getByRole('note')).toHaveTextContent(
      '2 columns found side by side: this check read them one at a time (the text below), but many ATS read straight across the page.',
    );
    const keywords = within(result).getByRole('region', { name: 'Job description keywords' });
    expect(
      within(keywords).getByText('1 of the 2 keywords the job requires are in your resume.'),
    ).toBeVisible();
    const missing = within(keywords).getByRole('list', { name: 'Missing' });
    expect(
      within(missing)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Python · must-have', 'dbt · nice-to-have']);
    const found = within(keywords).getByRole('list', { name: 'In your resume' });
    expect(
      within(found)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SQL · must-have', 'Tableau']);
  });

  it('says nothing of columns for a one-column resume', async () => {
    await renderApp('/ats-check');
    await runCheck();
    act(() => FakeXhr.sent[0]?.respond(200, report()));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).queryByText(/columns found/)).toBeNull();
  });

  it('needs a file, and shows the server’s message when the file is refused', async () => {
    await renderApp('/ats-check');
    await userEvent.click(screen.getByRole('button', { name: 'Check my resume' }));
    expect(screen.getByText('Please upload a PDF/DOC/DOCX')).toBeVisible();
    expect(FakeXhr.sent).toHaveLength(0);

    await runCheck();
    act(() =>
      FakeXhr.sent[0]?.respond(422, {
        message: 'This PDF is password-protected, so no ATS can read it.',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This PDF is password-protected, so no ATS can read it.',
    );
  });

  it('signed out, an offer keeps the file and leads to sign-up; back signed in, it orders that file', async () => {
    const first = await renderApp('/ats-check');
    await runCheck('SQL and Tableau');
    act(() => FakeXhr.sent[0]?.respond(200, report()));
    await userEvent.click(await screen.findByRole('button', { name: 'Get it reviewed' }));
    const offers = screen.getByRole('region', { name: 'Want a person to fix it?' });
    const signUp = await within(offers).findByRole('link', { name: 'Sign up' });
    expect(signUp).toHaveAttribute('href', '/signup?next=%2Fats-check%3Forder%3Dresume_review');
    expect(within(offers).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?next=%2Fats-check%3Forder%3Dresume_review',
    );
    first.unmount();

    FakeXhr.sent = [];
    const { router } = await renderApp('/ats-check?order=resume_review', { user: customer });
    const order = await screen.findByRole('form', { name: 'Order Resume Review' });
    expect(order).toHaveTextContent('With the file you checked: cv.pdf');
    await userEvent.click(within(order).getByRole('button', { name: 'Continue to checkout' }));
    const xhr = FakeXhr.sent[0];
    expect(xhr?.url).toBe('/api/orders/service');
    expect(xhr?.body?.get('service')).toBe('resume_review');
    expect((xhr?.body?.get('file') as File | null)?.name).toBe('cv.pdf');
    // The server checks the file again for the order, against the same job description.
    expect(xhr?.body?.get('atsCheck')).toBe('1');
    expect(xhr?.body?.get('jobDescription')).toBe('SQL and Tableau');
    expect([...(xhr?.body?.keys() ?? [])].at(-1)).toBe('file');
    expect(xhr?.body?.has('score')).toBe(false);
    act(() => xhr?.respond(201, { orderId: 'ord-7' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?orderId=ord-7');
  });

  it('back signed in without the kept file, says to upload it again', async () => {
    await renderApp('/ats-check?order=resume_rewrite', { user: customer });
    expect(await screen.findByText(/no longer in this browser/)).toBeVisible();
    expect(screen.queryByRole('form', { name: /^Order/ })).toBeNull();
  });

  it('signed in, an offer opens the order form with the checked file', async () => {
    await renderApp('/ats-check', { user: customer });
    await runCheck();
    act(() => FakeXhr.sent[0]?.respond(200, report()));
    await userEvent.click(await screen.findByRole('button', { name: 'Get it rewritten' }));
    const order = await screen.findByRole('form', { name: 'Order ATS Resume – Rewrite' });
    expect(order).toHaveTextContent('cv.pdf');
  });
});
