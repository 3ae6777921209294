import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { type AttachDelivery, orderDecider, orderStreamName } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../../commands/handle-command';
import { MAX_DOCUMENT_BYTES } from '../../files/document-sniffer';
import { createLocalDiskFileStorage } from '../../files/local-disk.file-storage';
import {
  elfExecutable,
  minimalDoc,
  minimalDocx,
  minimalPdf,
  windowsExecutable,
  zipArchive,
} from '../../files/testing/document-fixtures';
import {
  createOrdersTestApp,
  type FilePart,
  multipartForm,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../../testing/orders-test-kit';

let t: OrdersTestApp;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createOrdersTestApp();
  alice = await registerUser(t);
  bob = await registerUser(t);
  admin = await registerUser(t, { role: 'admin' });
});

afterAll(async () => {
  await t?.close();
});

/** The form as the home and pricing dialogs send it: service, description, file, currency. */
function form(options: {
  service?: string;
  description?: string;
  currency?: string;
  file?: FilePart;
}) {
  const parts: [string, string | FilePart][] = [];
  if (options.service !== undefined) parts.push(['service', options.service]);
  parts.push(['description', options.description ?? '']);
  if (options.file !== undefined) parts.push(['file', options.file]);
  parts.push(['currency', options.currency ?? 'inr']);
  return multipartForm(parts);
}

async function postServiceOrder(user: TestUser | null, body: ReturnType<typeof form>) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/service',
    headers: { ...(user?.auth ?? {}), ...body.headers },
    payload: body.payload,
  });
  return { status: response.statusCode, json: () => response.json() as Record<string, unknown> };
}

async function getOrder(orderId: string, user: TestUser) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/orders/${orderId}`,
    headers: user.auth,
  });
  return (response.json() as { order: Record<string, unknown> }).order;
}

function download(url: string, user?: TestUser) {
  return t.app.inject({ method: 'GET', url, headers: user?.auth ?? {} });
}

const pdf: FilePart = { filename: 'cv.pdf', content: minimalPdf(), contentType: 'application/pdf' };

describe('POST /orders/service', () => {
  it('places a review order for a PDF, with the default description', async () => {
    const before = (await t.storedFiles()).length;
    const response = await postServiceOrder(alice, form({ service: 'resume_review', file: pdf }));
    expect(response.status).toBe(201);
    const { orderId } = response.json();
    expect(response.json()).toEqual({ orderId: expect.any(String) });

    const order = await getOrder(String(orderId), alice);
    expect(order).toMatchObject({
      userEmail: alice.email,
      service: 'resume_review',
      planName: 'Resume Review',
      description: 'Resume review requested',
      status: 'pending',
      paymentStatus: 'unpaid',
      amount: 200,
      currency: 'INR',
      customerUploads: [{ name: 'cv.pdf', url: `/api/orders/${String(orderId)}/uploads/0` }],
    });
    // The wire never carries storage ids or paths.
    expect(JSON.stringify(order)).not.toMatch(/fileId|[0-9a-f]{32}|files\//);
    expect(await t.storedFiles()).toHaveLength(before + 1);
  });

  it('places a rewrite order for a DOCX in the chosen currency, keeping the notes', async () => {
    const response = await postServiceOrder(
      alice,
      form({
        service: 'resume_rewrite',
        description: 'Target: data roles',
        currency: 'usd',
        file: { filename: 'cv.docx', content: minimalDocx() },
      }),
    );
    expect(response.status).toBe(201);
    const order = await getOrder(String(response.json().orderId), alice);
    expect(order).toMatchObject({
      service: 'resume_rewrite',
      description: 'Target: data roles',
      amount: 14,
      currency: 'USD',
      customerUploads: [{ name: 'cv.docx' }],
    });
  });

  it('accepts a Word 97-2003 DOC', async () => {
    const response = await postServiceOrder(
      alice,
      form({ service: 'resume_review', file: { filename: 'cv.doc', content: minimalDoc() } }),
    );
    expect(response.status).toBe(201);
  });

  it('refuses LinkedIn optimisation, an unknown service and a missing file, storing nothing', async () => {
    const before = await t.storedFiles();
    const cases: [ReturnType<typeof form>, string][] = [
      [form({ service: 'linkedin_opt', file: pdf }), 'LinkedIn optimisation is coming soon.'],
      [
        form({ service: 'resume_from_scratch', file: pdf }),
        'Please choose a service: resume rewrite or resume review.',
      ],
      [
        form({ service: 'tarot', file: pdf }),
        'Please choose a service: resume rewrite or resume review.',
      ],
      [form({ file: pdf }), 'Please choose a service: resume rewrite or resume review.'],
      [form({ service: 'resume_review' }), 'Please upload a PDF/DOC/DOCX'],
      [
        form({ service: 'resume_review', file: { filename: '', content: Buffer.alloc(0) } }),
        'Please upload a PDF/DOC/DOCX',
      ],
      [form({ service: 'resume_review', file: pdf, currency: 'gbp' }), 'Unknown currency: gbp'],
    ];
    for (const [body, message] of cases) {
      const response = await postServiceOrder(alice, body);
      expect({ status: response.status, body: response.json() }).toEqual({
        status: 400,
        body: { message },
      });
    }
    expect(await t.storedFiles()).toEqual(before);
  });

  it('refuses files that are not PDF/DOC/DOCX by content, whatever their name (415)', async () => {
    const before = await t.storedFiles();
    const impostors: FilePart[] = [
      { filename: 'cv.pdf', content: elfExecutable(), contentType: 'application/pdf' },
      { filename: 'cv.pdf', content: windowsExecutable(), contentType: 'application/pdf' },
      // A zip is not a DOCX unless it holds word/document.xml.
      { filename: 'cv.docx', content: zipArchive([{ name: 'payload.sh', data: 'rm -rf /' }]) },
      { filename: 'cv.doc', content: Buffer.from('plain text pretending to be a resume') },
    ];
    for (const file of impostors) {
      const response = await postServiceOrder(alice, form({ service: 'resume_review', file }));
      expect(response.status).toBe(415);
      expect(response.json()).toEqual({ message: 'Please upload a PDF/DOC/DOCX' });
    }
    expect(await t.storedFiles()).toEqual(before);
  });

  it('refuses a file over 10 MB (413) and keeps nothing of it', async () => {
    const before = await t.storedFiles();
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20);
    minimalPdf().copy(big);
    const response = await postServiceOrder(
      alice,
      form({ service: 'resume_review', file: { filename: 'big.pdf', content: big } }),
    );
    expect(response.status).toBe(413);
    expect(response.json()).toEqual({ message: 'The file is too large (max 10 MB).' });
    expect(await t.storedFiles()).toEqual(before);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/orders/history/${alice.email}`,
      headers: alice.auth,
    });
    const orders = (history.json() as { orders: { customerUploads: { name: string }[] }[] }).orders;
    expect(orders.flatMap((order) => order.customerUploads.map((u) => u.name))).not.toContain(
      'big.pdf',
    );
  });

  it('refuses a second file, keeping neither', async () => {
    const before = await t.storedFiles();
    const body = multipartForm([
      ['service', 'resume_review'],
      ['file', pdf],
      ['file', { ...pdf, filename: 'again.pdf' }],
    ]);
    const response = await postServiceOrder(alice, body);
    expect(response.status).toBe(400);
    expect(response.json()).toEqual({ message: 'Please upload one file only.' });
    expect(await t.storedFiles()).toEqual(before);
  });

  it('answers refusals over a real connection while the upload is still arriving', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const huge = Buffer.alloc(3 * MAX_DOCUMENT_BYTES, 0x20);
    minimalPdf().copy(huge);
    const file = { filename: 'huge.pdf', content: huge };
    const cases: [ReturnType<typeof form>, number, string][] = [
      [form({ service: 'resume_review', file }), 413, 'The file is too large (max 10 MB).'],
      // The service is the problem here, not the size of a file that is only skipped.
      [form({ service: 'linkedin_opt', file }), 400, 'LinkedIn optimisation is coming soon.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await fetch(`${base}/api/orders/service`, {
        method: 'POST',
        headers: { ...alice.auth, ...body.headers },
        body: body.payload,
        signal: AbortSignal.timeout(20_000),
      });
      expect(response.status).toBe(status);
      expect(await response.json()).toEqual({ message });
    }
  });

  it('cleans the client’s file name and makes its extension match the content', async () => {
    const response = await postServiceOrder(
      alice,
      form({
        service: 'resume_review',
        file: { filename: '../../etc/cv.docx', content: minimalPdf() },
      }),
    );
    expect(response.status).toBe(201);
    const orderId = String(response.json().orderId);
    const order = await getOrder(orderId, alice);
    expect(order.customerUploads).toEqual([
      { name: 'cv.docx.pdf', url: `/api/orders/${orderId}/uploads/0` },
    ]);
    // Stored under random names only.
    for (const path of await t.storedFiles()) {
      expect(path.slice(t.dataDir.length)).toMatch(/^\/files\/[0-9a-f]{2}\/[0-9a-f]{32}$/);
    }
  });

  it('needs a token (401), before reading the upload', async () => {
    const response = await postServiceOrder(null, form({ service: 'resume_review', file: pdf }));
    expect(response.status).toBe(401);
  });
});

describe('downloads', () => {
  it('gives an upload to its owner and admins only, as an attachment', async () => {
    const created = await postServiceOrder(alice, form({ service: 'resume_review', file: pdf }));
    const orderId = String(created.json().orderId);
    const url = `/api/orders/${orderId}/uploads/0`;

    for (const user of [alice, admin]) {
      const response = await download(url, user);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`,
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.rawPayload.equals(minimalPdf())).toBe(true);
    }
    const other = await download(url, bob);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'Access denied.' });
    expect((await download(url)).statusCode).toBe(401);
    expect((await download(`/api/orders/${orderId}/uploads/1`, alice)).statusCode).toBe(404);
    expect((await download(`/api/orders/${randomUUID()}/uploads/0`, alice)).statusCode).toBe(404);
  });

  it('gives an admin’s delivered attachment to the owner and admins only', async () => {
    const created = await postServiceOrder(alice, form({ service: 'resume_rewrite', file: pdf }));
    const orderId = String(created.json().orderId);
    // What the admin attachment upload does: store the file, then record the delivery.
    const storage = createLocalDiskFileStorage({ root: join(t.dataDir, 'files') });
    const fileId = await storage.put(Readable.from([minimalDocx()]));
    const command: AttachDelivery = {
      type: 'AttachDelivery',
      data: { file: { fileId, name: 'Résumé final.docx' }, filename: 'Résumé final.docx' },
      metadata: {
        actor: `admin:${admin.id}`,
        correlationId: randomUUID(),
        causationId: null,
        now: new Date().toISOString(),
      },
    };
    const { position } = await handleCommand({
      store: t.services.store,
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command,
    });
    await t.app.waitForProjections(position, ['orders']);

    const order = await getOrder(orderId, alice);
    const url = `/api/orders/${orderId}/attachments/R%C3%A9sum%C3%A9%20final.docx`;
    expect(order.attachments).toEqual([
      { name: 'Résumé final.docx', filename: 'Résumé final.docx', url },
    ]);
    for (const user of [alice, admin]) {
      const response = await download(url, user);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="R_sum_ final.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20final.docx`,
      );
      expect(response.rawPayload.equals(minimalDocx())).toBe(true);
    }
    expect((await download(url, bob)).statusCode).toBe(403);
    expect((await download(url)).statusCode).toBe(401);
    expect(
      (await download(`/api/orders/${orderId}/attachments/other.docx`, alice)).statusCode,
    ).toBe(404);
  });
});
