import { RESUME_LIST_MAX } from '@shortlist/domain';
import { clearSession } from '@shortlist/web-kit';
import { json, requestsOf, stubFetch } from '@shortlist/web-kit/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer, renderApp } from '../../testing/render-app';
import { DRAFT_STORAGE_KEY } from './resume-draft';
import { storeCompleteDraft } from './testing/complete-draft';

afterEach(() => {
  clearSession();
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
});

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('resume builder: step 1', () => {
  it('shows nine steps and asks for a target role', async () => {
    stubFetch(() => json(200, {}));
    await renderApp('/createresume', { user: customer });
    const steps = within(screen.getByRole('navigation', { name: 'Resume steps' }));
    expect(steps.getAllByRole('listitem')).toHaveLength(9);

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Degree level' }),
      'Bachelors',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Major' }), 'Data Science');
    await next();

    const role = screen.getByRole('combobox', { name: 'Target role' });
    expect(role).toHaveAccessibleDescription(
      'Suggestions follow your degree and major. Pick N/A to skip. Please choose a target role (or pick N/A to skip).',
    );
    expect(role).toHaveFocus();
  });

  it('Other needs its text (cut to 80), and the text goes when the role changes', async () => {
    stubFetch(() => json(200, {}));
    await renderApp('/createresume', { user: customer });
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Degree level' }),
      'Diploma',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Major' }), 'N/A');
    const role = screen.getByRole('combobox', { name: 'Target role' });
    expect(
      within(role)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a target role',
      'Trainee/Intern',
      'Junior Technician',
      'Support Engineer (Junior)',
      'Other',
      'N/A',
    ]);
    await userEvent.selectOptions(role, 'Other');
    await next();
    const other = screen.getByRole('textbox', { name: 'Your role' });
    expect(other).toHaveAccessibleDescription(
      'Up to 80 characters. Please type your role in Other, e.g., Analyst, Consultant, Associate',
    );
    await userEvent.click(other);
    await userEvent.paste('y'.repeat(85));
    expect(other).toHaveValue('y'.repeat(80));

    await userEvent.selectOptions(role, 'Trainee/Intern');
    expect(screen.queryByRole('textbox', { name: 'Your role' })).toBeNull();
    await userEvent.selectOptions(role, 'Other');
    expect(screen.getByRole('textbox', { name: 'Your role' })).toHaveValue('');
  });

  it('resets a role that the new major no longer suggests', async () => {
    stubFetch(() => json(200, {}));
    await renderApp('/createresume', { user: customer });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Major' }), 'Data Science');
    const role = screen.getByRole('combobox', { name: 'Target role' });
    await userEvent.selectOptions(role, 'Data Analyst');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Major' }),
      'Civil Engineering',
    );
    expect(role).toHaveValue('');
  });
});

describe('resume builder: later steps', () => {
  it('personal info: Profile ID is read-only from the session, e-mail is of email type', async () => {
    stubFetch(() => json(200, {}));
    storeCompleteDraft(1);
    await renderApp('/createresume', { user: customer });
    const pid = screen.getByRole('textbox', { name: 'Profile ID' });
    expect(pid).toHaveValue('u-42');
    expect(pid).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email');
  });

  it('summary counts to 300 without cutting', async () => {
    stubFetch(() => json(200, {}));
    storeCompleteDraft(2, { summary: 'z'.repeat(310) });
    await renderApp('/createresume', { user: customer });
    expect(screen.getByText('310/300')).toBeVisible();
    await next();
    expect(screen.getByRole('heading', { name: 'Step 4: Work experience' })).toBeVisible();
  });

  it('dates must be YYYY-MM or N/A', async () => {
    stubFetch(() => json(200, {}));
    storeCompleteDraft(3);
    await renderApp('/createresume', { user: customer });
    const start = screen.getByRole('textbox', { name: 'Start' });
    await userEvent.clear(start);
    await userEvent.type(start, '03/2024');
    await next();
    expect(start).toHaveAccessibleDescription('YYYY-MM or N/A Start date must be YYYY-MM or N/A.');
    await userEvent.clear(start);
    await userEvent.type(start, 'N/A');
    await next();
    expect(screen.getByRole('heading', { name: 'Step 5: Education' })).toBeVisible();
  });

  it('takes Present as the end of a current job', async () => {
    stubFetch(() => json(200, {}));
    storeCompleteDraft(3);
    await renderApp('/createresume', { user: customer });
    const end = screen.getByRole('textbox', { name: 'End' });
    await userEvent.clear(end);
    await userEvent.type(end, 'Now');
    await next();
    expect(end).toHaveAccessibleDescription(
      'YYYY-MM, N/A, or Present for a current one End date must be YYYY-MM, N/A or Present.',
    );
    await userEvent.clear(end);
    await userEvent.type(end, 'Present');
    await next();
    expect(screen.getByRole('heading', { name: 'Step 5: Education' })).toBeVisible();
  });

  it('adds entries; the last one cannot be removed', async () => {
    stubFetch(() => json(200, {}));
    storeCompleteDraft(8);
    await renderApp('/createresume', { user: customer });
    expect(screen.getByRole('button', { name: 'Remove Language 1' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    expect(screen.getByRole('group', { name: 'Language 2' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Remove Language 1' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove Language 2' }));
    expect(screen.queryByRole('group', { name: 'Language 2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Language 1' })).toBeDisabled();
  });

  it('stops adding at the list cap and says why', async () => {
    stubFetch(() => json(200, {}));
    storeCompleteDraft(8);
    // One entry short of the cap, so one click fills the list.
    const stored = JSON.parse(sessionStorage.getItem(DRAFT_STORAGE_KEY) ?? '{}');
    const [language] = stored.draft.lists.langs;
    stored.draft.lists.langs = Array.from({ length: RESUME_LIST_MAX - 1 }, (_, index) => ({
      ...language,
      key: `lang-${index}`,
    }));
    sessionStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored));
    await renderApp('/createresume', { user: customer });
    const add = screen.getByRole('button', { name: 'Add Entry' });
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(screen.getByRole('group', { name: `Language ${RESUME_LIST_MAX}` })).toBeVisible();
    expect(add).toBeDisabled();
    expect(screen.getByText(`This list holds at most ${RESUME_LIST_MAX} entries.`)).toBeVisible();
  }, 30_000); // thirty entries of form fields take a while to render in happy-dom

  it('keeps the draft across a reload of the screen', async () => {
    stubFetch(() => json(200, {}));
    const first = await renderApp('/createresume', { user: customer });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Degree level' }), 'PhD');
    first.unmount();
    await renderApp('/createresume', { user: customer });
    expect(screen.getByRole('combobox', { name: 'Degree level' })).toHaveValue('PhD');
  });

  it('Submit jumps back to the first step with a problem', async () => {
    stubFetch(() => json(201, {}));
    storeCompleteDraft(8, { summary: '   ' });
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('heading', { name: 'Step 3: Summary' })).toBeVisible();
    const summary = screen.getByRole('textbox', { name: 'Professional summary' });
    expect(summary).toHaveFocus();
    expect(summary).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('resume builder: the draft on the server', () => {
  const savedDraft = {
    step: 3,
    degreeLevel: 'PhD',
    majorPrimary: 'N/A',
    majorOther: '',
    targetRole: 'N/A',
    roleOther: '',
    personal: {
      fullName: 'Asha Verma',
      email: 'asha@example.com',
      phone: '',
      address: '',
      linkedin: '',
      github: '',
    },
    summary: '',
    skills: { techSkills: '', softSkills: '' },
    lists: {
      work: [
        {
          jobTitle: 'Analyst',
          company: 'Acme',
          location: '',
          start: '2023-02',
          end: 'Present',
          responsibilities: '',
        },
      ],
      edu: [],
      projects: [],
      certs: [],
      langs: [],
    },
  };

  it('opens on the draft saved from another device', async () => {
    stubFetch((request) =>
      request.path === '/api/resume/draft'
        ? json(200, { draft: savedDraft, savedAt: '2026-11-26T00:00:00.000Z' })
        : json(200, {}),
    );
    await renderApp('/createresume', { user: customer });
    expect(await screen.findByRole('heading', { name: 'Step 4: Work experience' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Job title' })).toHaveValue('Analyst');
    expect(screen.getByRole('textbox', { name: 'End' })).toHaveValue('Present');
  });

  it('saves to the account once typing pauses, and says so', async () => {
    const fetchMock = stubFetch((request) =>
      request.method === 'PUT'
        ? json(200, { savedAt: '2026-11-26T00:00:01.000Z' })
        : json(200, { draft: savedDraft, savedAt: '2026-11-26T00:00:00.000Z' }),
    );
    await renderApp('/createresume', { user: customer });
    const company = await screen.findByRole('textbox', { name: 'Company' });
    await userEvent.type(company, ' Ltd');
    expect(screen.getByText('Saving…')).toBeVisible();
    expect(await screen.findByText('All changes saved', {}, { timeout: 3000 })).toBeVisible();
    const puts = requestsOf(fetchMock).filter((request) => request.method === 'PUT');
    // One save for the whole word, not one per keystroke.
    expect(puts).toHaveLength(1);
    expect(puts[0]?.path).toBe('/api/resume/draft');
    expect(puts[0]?.body).toMatchObject({
      step: 3,
      lists: { work: [{ company: 'Acme Ltd', end: 'Present' }] },
    });
  });

  it('keeps a tab’s unsent changes over the saved draft, and sends them', async () => {
    const fetchMock = stubFetch(() => json(200, { savedAt: '2026-11-26T00:00:01.000Z' }));
    storeCompleteDraft(5);
    await renderApp('/createresume', { user: customer });
    expect(screen.getByRole('heading', { name: 'Step 6: Skills' })).toBeVisible();
    await screen.findByText('All changes saved', {}, { timeout: 3000 });
    const [put] = requestsOf(fetchMock);
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({ step: 5, personal: { fullName: 'Asha Verma' } });
  });
});

describe('resume builder: submit', () => {
  it('posts the payload, shows the overlay, clears the draft and goes to checkout', async () => {
    let release: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    storeCompleteDraft(8);
    const { router } = await renderApp('/createresume?currency=usd', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Saving your details…')).toBeVisible();
    expect(screen.getByText('Please keep this tab open')).toBeVisible();
    const [request] = requestsOf(fetchMock);
    expect(request?.path).toBe('/api/resume');
    expect(request?.body).toMatchObject({
      targetRoles: ['Data Analyst'],
      personal: { pid: 'u-42', email: 'asha@example.com' },
      currency: 'USD',
      langs: [{ name: 'English', level: 'Advanced' }],
    });

    release(json(201, { message: 'Resume saved', orderId: 'ord-77' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.search).toBe('?orderId=ord-77');
    expect(sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it.each([
    [json(400, { message: 'Phone is required.' }), 'Phone is required.'],
    [json(500, null), 'Failed to save resume (server error)'],
  ])('shows why saving failed', async (response, message) => {
    stubFetch(() => response);
    storeCompleteDraft(8);
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByText('Saving your details…')).toBeNull();
  });

  it('says when no answer came back', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline')));
    storeCompleteDraft(8);
    await renderApp('/createresume', { user: customer });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save resume: No response from server',
    );
  });
});
