import { ORDER_MESSAGES } from '@shortlist/domain';
import { clearSession } from '@shortlist/web-kit';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dashboardAnswer, json, renderAdmin, stubApi } from '../../testing/render-admin';
import {
  apiOrder,
  auditTrailAnswer,
  detailAnswer,
  listItem,
  ORDER_ID,
  resumeView,
  stubUploads,
} from './orders-testing';

afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

function api(
  detail: unknown = detailAnswer(),
  overrides: (method: string, path: string) => Response | undefined = () => undefined,
) {
  return stubApi(({ method, path }) => {
    const own = overrides(method, path);
    if (own) return own;
    if (path.startsWith('/admin/dashboard')) return json(200, dashboardAnswer);
    if (method === 'GET' && path.startsWith('/admin/orders?'))
      return json(200, { items: [listItem()], total: 1 });
    if (method === 'GET' && path === `/admin/orders/${ORDER_ID}/history`)
      return json(200, auditTrailAnswer);
    if (method === 'GET' && path === `/admin/orders/${ORDER_ID}`) return json(200, detail);
    return undefined;
  });
}

const drawer = () => screen.getByRole('dialog', { name: `Order ${ORDER_ID.slice(0, 8)}` });
const toasts = () => screen.getAllByRole('status').at(-1);

async function openDrawer() {
  await userEvent.click(await screen.findByRole('button', { name: /^View details of order/ }));
  await within(drawer()).findByRole('tab', { name: 'Details' });
  return drawer();
}

/** The check the server recorded on a review ordered from the ATS check page. */
function atsCheck(erased = false) {
  return {
    checkedAt: '2025-11-20T10:00:00.000Z',
    score: 74,
    kind: 'pdf',
    pages: 1,
    words: 412,
    checks: [
      {
        id: 'dates',
        title: 'Dates',
        status: 'fail',
        message: erased ? null : 'An ATS cannot read “Summer 19” as a date.',
      },
      {
        id: 'text-layer',
        title: 'Readable text',
        status: 'pass',
        message: erased ? null : 'The file has a real text layer an ATS can read.',
      },
    ],
    jobMatch: { found: ['SQL', 'Tableau'], missing: ['Kafka'], percent: 67 },
    limitations: [],
    text: erased ? null : 'Asha Verma\nEXPERIENCE',
    fields: erased
      ? null
      : {
          name: 'Asha Verma',
          email: 'asha@example.com',
          phone: null,
          location: 'Pune, India',
          linkedin: null,
          jobs: [{ title: 'Data Analyst', company: 'Acme', dates: 'Feb 2023 – Present' }],
          education: [],
          skills: ['SQL'],
        },
  };
}

describe('Order drawer: the ATS check and the first draft', () => {
  it('shows the check the order was placed with: score, verdicts, job match, fields and text', async () => {
    api(detailAnswer({ atsCheck: atsCheck() }));
    renderAdmin('/orders');
    const panel = await openDrawer();
    const section = within(panel).getByRole('heading', { name: 'ATS check' }).closest('section');
    if (section === null) throw new Error('no ATS check section');
    const check = within(section);
    expect(check.getByText('Score 74 / 100')).toBeVisible();
    const verdicts = within(check.getByRole('list', { name: 'Checks, worst first' }));
    expect(verdicts.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Fail Dates: An ATS cannot read “Summer 19” as a date.',
      'Pass Readable text: The file has a real text layer an ATS can read.',
    ]);
    expect(check.getByText('67%')).toBeVisible();
    expect(check.getByText('SQL, Tableau')).toBeVisible();
    expect(check.getByText('Kafka')).toBeVisible();
    expect(check.getByText('Data Analyst · Acme · Feb 2023 – Present')).toBeVisible();
    expect(check.getByLabelText('Text the ATS read')).toHaveTextContent('Asha Verma EXPERIENCE');
  });

  it('after the erasure keeps the score and verdicts, the rest reads erased', async () => {
    api(detailAnswer({ atsCheck: atsCheck(true), erasedAt: '2025-12-25T00:00:00.000Z' }));
    renderAdmin('/orders');
    const panel = await openDrawer();
    const section = within(panel).getByRole('heading', { name: 'ATS check' }).closest('section');
    if (section === null) throw new Error('no ATS check section');
    const check = within(section);
    expect(check.getByText('Score 74 / 100')).toBeVisible();
    expect(check.getAllByText('erased')).toHaveLength(4);
    expect(check.queryByText(/Summer 19/)).toBeNull();
  });

  it('has no ATS check section for an order placed elsewhere', async () => {
    api(detailAnswer());
    renderAdmin('/orders');
    const panel = await openDrawer();
    expect(within(panel).queryByRole('heading', { name: 'ATS check' })).toBeNull();
  });

  it("offers a built resume's first draft as PDF and DOCX", async () => {
    api(
      detailAnswer(
        { resume: resumeView() },
        { service: 'resume_from_scratch', planName: 'Resume from Scratch' },
      ),
    );
    renderAdmin('/orders');
    const panel = await openDrawer();
    expect(within(panel).getByRole('heading', { name: 'First draft' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Download resume.pdf' })).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Download resume.docx' })).toBeVisible();
  });
});

describe('Order drawer', () => {
  it('shows the order, customer, payment facts, files and the nine-step resume form', async () => {
    api(
      detailAnswer(
        { resume: resumeView() },
        { service: 'resume_from_scratch', planName: 'Resume from Scratch' },
      ),
    );
    renderAdmin('/orders');
    const panel = await openDrawer();

    expect(within(panel).getByText(ORDER_ID)).toBeVisible();
    expect(within(panel).getByText('order_Sbx123')).toBeVisible();
    expect(within(panel).getByText('pay_Sbx456')).toBeVisible();
    expect(within(panel).getByText('Not recorded')).toBeVisible();
    expect(within(panel).getByRole('button', { name: 'Download cv.pdf' })).toBeVisible();
    const steps = within(panel)
      .getAllByRole('heading', { level: 4 })
      .map((h) => h.textContent);
    expect(steps).toEqual(
      expect.arrayContaining([
        'Target role',
        'Personal information',
        'Professional summary',
        'Work experience',
        'Education',
        'Skills',
        'Projects',
        'Certifications',
        'Languages',
      ]),
    );
    expect(within(panel).getByText('Data Analyst')).toBeVisible();
    expect(within(panel).getByText('Analyst who turns data into decisions.')).toBeVisible();
  });

  it('stays open through a reload (?order=) and reads the History as a timeline', async () => {
    api(
      detailAnswer(
        { erasedAt: '2025-12-22T02:00:00.000Z', refundable: false },
        {
          userEmail: null,
          customerUploads: [],
          attachments: [],
          reviewSuggestions: null,
          hasReviewSuggestions: false,
          status: 'completed',
        },
      ),
    );
    renderAdmin(`/orders?order=${ORDER_ID}`);
    const panel = drawer();
    await within(panel).findByRole('tab', { name: 'Details' });
    expect(within(panel).getByRole('note')).toHaveTextContent(
      'personal data of this order was erased',
    );
    expect(within(panel).queryByRole('button', { name: /^Refund/ })).toBeNull();

    await userEvent.click(within(panel).getByRole('tab', { name: 'History' }));
    const timeline = await within(panel).findByRole('list', { name: 'Audit trail' });
    const steps = within(timeline).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('span')?.textContent)).toEqual([
      'Order placed',
      'Payment received',
      'Status changed',
      'Personal data erased',
    ]);
    expect(steps[0]).toHaveTextContent('by Customer');
    expect(within(steps[0] as HTMLElement).getAllByText('erased')).toHaveLength(3);
    expect(steps[1]).toHaveTextContent('₹200');
    expect(steps[1]).toHaveTextContent('by Razorpay');
    expect(steps[2]).toHaveTextContent('Pending → Completed');
    // The admin by name, not by an id.
    expect(steps[2]).toHaveTextContent('by Admin Priya Shah');
  });

  it('shows the refusal in the words of the server when an unpaid order is completed', async () => {
    const seen = api(detailAnswer({ refundable: false }, { paymentStatus: 'unpaid' }), (method) =>
      method === 'PATCH' ? json(409, { message: ORDER_MESSAGES.unpaidCannotProgress }) : undefined,
    );
    renderAdmin(`/orders?order=${ORDER_ID}`);
    const panel = drawer();
    await within(panel).findByRole('tab', { name: 'Details' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Set Complete' }));
    await waitFor(() => expect(toasts()).toHaveTextContent(ORDER_MESSAGES.unpaidCannotProgress));
    expect(seen.find((request) => request.method === 'PATCH')).toMatchObject({
      body: { status: 'completed' },
    });
  });

  it("says 'Order details not found.' for a missing order", async () => {
    api(undefined, (_method, path) =>
      path === `/admin/orders/${ORDER_ID}`
        ? json(404, { message: 'Order details not found.' })
        : undefined,
    );
    renderAdmin(`/orders?order=${ORDER_ID}`);
    expect(await within(drawer()).findByRole('alert')).toHaveTextContent(
      'Order details not found.',
    );
  });

  it("says 'Failed to load order details' with Retry when the server fails", async () => {
    api(undefined, (_method, path) =>
      path === `/admin/orders/${ORDER_ID}` ? json(500, {}) : undefined,
    );
    renderAdmin(`/orders?order=${ORDER_ID}`);
    expect(await within(drawer()).findByRole('alert')).toHaveTextContent(
      'Failed to load order details',
    );
    expect(within(drawer()).getByRole('button', { name: 'Retry' })).toBeVisible();
  });
});

describe('Attach delivery file', () => {
  const openAttach = async () => {
    await userEvent.click(await screen.findByRole('button', { name: /^Attach a delivery file/ }));
    return screen.getByRole('dialog', { name: 'Attach delivery file' });
  };

  it('asks for a PDF/DOC/DOCX of at most 10 MB before uploading', async () => {
    const sent = stubUploads(() => ({ status: 200, body: {} }));
    api();
    renderAdmin('/orders');
    const dialog = await openAttach();
    const input = within(dialog).getByLabelText(/Delivery file/);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(dialog).toHaveTextContent('Please upload a PDF/DOC/DOCX');

    await userEvent.upload(input, new File(['x'], 'photo.png', { type: 'image/png' }), {
      applyAccept: false,
    });
    expect(dialog).toHaveTextContent('Please upload a PDF/DOC/DOCX');

    const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.upload(input, big);
    expect(dialog).toHaveTextContent('The file is too large (max 10 MB).');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(sent).toEqual([]);
  });

  it("uploads with progress and says 'Attachment uploaded'; a failure says 'Upload failed'", async () => {
    let outcome = { status: 500, body: {} as unknown };
    const sent = stubUploads(() => outcome);
    api();
    renderAdmin('/orders');
    const dialog = await openAttach();
    const input = within(dialog).getByLabelText(/Delivery file/);
    await userEvent.upload(input, new File(['%PDF-1.4'], 'final.pdf', { type: 'application/pdf' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Upload failed'));
    expect(dialog).toHaveTextContent('Upload failed');

    outcome = {
      status: 200,
      body: { message: 'Attachment uploaded', order: apiOrder() },
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Attachment uploaded'));
    expect(sent).toHaveLength(2);
    expect(sent[1]?.url).toBe(`/api/admin/orders/${ORDER_ID}/attachments`);
    expect(sent[1]?.form.get('file')).toMatchObject({ name: 'final.pdf' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Attach delivery file' })).toBeNull(),
    );
  });
});

describe('Suggestions', () => {
  it('opens on the saved text and refuses an empty one', async () => {
    const seen = api();
    renderAdmin('/orders');
    await userEvent.click(await screen.findByRole('button', { name: /^Suggestions for order/ }));
    const dialog = screen.getByRole('dialog', { name: 'Review suggestions' });
    const box = within(dialog).getByLabelText(/^Suggestions/);
    expect(box).toHaveValue('Tighten the summary.');

    await userEvent.clear(box);
    await userEvent.type(box, '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save suggestions' }));
    expect(dialog).toHaveTextContent('Please write the suggestions.');
    expect(seen.some((request) => request.method === 'PUT')).toBe(false);
  });

  it("saves with PUT and says 'Suggestions saved'; a failure says 'Failed to save suggestions'", async () => {
    let answer = () => json(500, {});
    const seen = api(undefined, (method) => (method === 'PUT' ? answer() : undefined));
    renderAdmin('/orders');
    await userEvent.click(await screen.findByRole('button', { name: /^Suggestions for order/ }));
    const dialog = screen.getByRole('dialog', { name: 'Review suggestions' });
    await userEvent.type(within(dialog).getByLabelText(/^Suggestions/), ' Add numbers.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save suggestions' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Failed to save suggestions'));

    answer = () => json(200, { message: 'Suggestions saved', order: apiOrder() });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save suggestions' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Suggestions saved'));
    expect(seen.filter((request) => request.method === 'PUT').at(-1)).toMatchObject({
      path: `/admin/orders/${ORDER_ID}/suggestions`,
      body: { text: 'Tighten the summary. Add numbers.' },
    });
  });
});

describe('Delete an attachment', () => {
  it("confirms, deletes by file name and says 'Deleted'; a failure says 'Delete failed'", async () => {
    let answer = () => json(500, {});
    const seen = api(undefined, (method) => (method === 'DELETE' ? answer() : undefined));
    renderAdmin(`/orders?order=${ORDER_ID}`);
    await userEvent.click(
      await within(drawer()).findByRole('button', { name: 'Delete final.pdf' }),
    );
    const confirm = screen.getByRole('dialog', { name: 'Delete this delivery file?' });
    expect(confirm).toHaveTextContent('final.pdf leaves order');

    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Delete failed'));

    answer = () => json(200, { message: 'Deleted', order: apiOrder({ attachments: [] }) });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toasts()).toHaveTextContent('Deleted'));
    expect(seen.filter((request) => request.method === 'DELETE').at(-1)?.path).toBe(
      `/admin/orders/${ORDER_ID}/attachments/final.pdf`,
    );
  });
});
