import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import {
  hasForbiddenCharacters,
  orderDecider,
  orderStreamName,
  TEXT_MESSAGES,
} from '@shortlist/domain';
import { placeOrderData } from '@shortlist/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleCommand } from '../commands/handle-command';
import { placeServiceOrder } from '../testing/admin-test-kit';
import { olderVersionStore } from '../testing/older-version-writer';
import {
  createOrdersTestApp,
  type FilePart,
  markPaid,
  multipartForm,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../testing/orders-test-kit';
import { createLocalDiskFileStorage } from './local-disk.file-storage';
import { minimalDocx, minimalPdf } from './testing/document-fixtures';

// The text an upload brings with it must be as storable as typed text. The file name is scrubbed
// once, where it enters (customer uploads and admin attachments), so no stored or served name
// carries a bidi override, a control character or a path; the form's text fields are contract text.

let t: OrdersTestApp;
let alice: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createOrdersTestApp();
  alice = await registerUser(t);
  admin = await registerUser(t, { role: 'admin' });
});

afterAll(async () => {
  await t?.close();
});

async function postServiceOrder(fields: [string, string | FilePart][]) {
  const form = multipartForm(fields);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/orders/service',
    headers: { ...alice.auth, ...form.headers },
    payload: form.payload,
  });
  return { status: response.statusCode, json: () => response.json() as Record<string, unknown> };
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for
const BIDI_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
// The same characters as they appear percent-encoded in filename*=UTF-8''…
const ENCODED_BIDI = /%D8%9C|%E2%80%8[EF]|%E2%80%A[A-E]|%E2%81%A[6-9]|%0[0-9A-F]|%1[0-9A-F]|%7F/i;

/** The download answers with exactly this name, in both forms of Content-Disposition. */
function expectSafeDisposition(header: string | undefined, name: string) {
  expect(header).toBe(
    `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
  );
  expect(header).not.toMatch(BIDI_OR_CONTROL);
  expect(header).not.toMatch(ENCODED_BIDI);
}

const hostileNames: [string, string][] = [
  ['invoice\u202Efdp.exe.pdf', 'invoicefdp.exe.pdf'],
  ['\u2066cv\u2069.pdf', 'cv.pdf'],
  ['cv\u200E\u200F\u202A\u202B\u202C\u202D\u2067\u2068.pdf', 'cv.pdf'],
  // U+061C, the Arabic letter mark: the one Bidi_Control character names used to keep.
  ['cv\u061C.pdf', 'cv.pdf'],
  ['../../etc/passwd', 'passwd.pdf'],
  ['..\\..\\windows\\win.ini', 'win.ini.pdf'],
  ['\u202E', 'resume.pdf'],
  ['.hidden.pdf', 'hidden.pdf'],
  [`${'x'.repeat(400)}.pdf`, `${'x'.repeat(116)}.pdf`],
];

describe('file names of customer uploads', () => {
  it.each(hostileNames)('%j is stored and served as %j', async (filename, expected) => {
    const response = await postServiceOrder([
      ['service', 'resume_review'],
      ['file', { filename, content: minimalPdf(), contentType: 'application/pdf' }],
    ]);
    expect(response.status).toBe(201);
    const orderId = String(response.json().orderId);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: alice.auth,
    });
    const [upload] = (order.json() as { order: { customerUploads: { name: string }[] } }).order
      .customerUploads;
    expect(upload?.name).toBe(expected);
    expect(hasForbiddenCharacters(upload?.name ?? '', { multiline: false })).toBe(false);

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/uploads/0`,
      headers: alice.auth,
    });
    expect(download.statusCode).toBe(200);
    expectSafeDisposition(download.headers['content-disposition'], expected);
  });
});

describe('file names of admin attachments', () => {
  it('stores and serves a bidi or traversal name as a safe one', async () => {
    const orderId = await placeServiceOrder(t, alice, 'resume_review');
    await markPaid(t, orderId);
    const cases: [string, string][] = [
      ['final\u202Excod.exe.docx', 'finalxcod.exe.docx'],
      ['final\u061C.docx', 'final.docx'],
      ['../../../etc/shadow\u2066.docx', 'shadow.docx'],
    ];
    for (const [filename, expected] of cases) {
      const form = multipartForm([['file', { filename, content: minimalDocx() }]]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/attachments`,
        headers: { ...admin.auth, ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode).toBe(200);
      const attachments = (
        uploaded.json() as { order: { attachments: { name: string; url: string }[] } }
      ).order.attachments;
      const attachment = attachments.at(-1);
      expect(attachment?.name).toBe(expected);
      const download = await t.app.inject({
        method: 'GET',
        url: attachment?.url ?? '',
        headers: alice.auth,
      });
      expect(download.statusCode).toBe(200);
      expectSafeDisposition(download.headers['content-disposition'], expected);
    }
  });
});

describe('file names stored by older versions', () => {
  it('are shown and sent without the Bidi_Control characters they kept', async () => {
    const storage = createLocalDiskFileStorage({ root: join(t.config.dataDir, 'files') });
    const fileId = await storage.put(Readable.from([minimalPdf()]));
    const orderId = randomUUID();
    await handleCommand({
      store: olderVersionStore(t),
      streamName: orderStreamName(orderId),
      decider: orderDecider,
      command: {
        type: 'PlaceOrder',
        data: placeOrderData({
          orderId,
          userId: alice.id,
          userEmail: alice.email,
          customerUploads: [{ fileId, name: 'cv\u061C\u202E.pdf' }],
        }),
        metadata: {
          actor: `user:${alice.id}`,
          correlationId: randomUUID(),
          causationId: null,
          now: new Date().toISOString(),
        },
      },
    });
    const head = await t.services.store.committedHeadPosition();
    expect(head !== null && (await t.services.waiter.waitFor(head, { timeoutMs: 30_000 }))).toBe(
      true,
    );
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}`,
      headers: alice.auth,
    });
    expect(order.json().order.customerUploads).toEqual([
      { name: 'cv.pdf', url: `/api/orders/${orderId}/uploads/0` },
    ]);
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${orderId}/uploads/0`,
      headers: alice.auth,
    });
    expect(download.statusCode).toBe(200);
    expectSafeDisposition(download.headers['content-disposition'], 'cv.pdf');
  });
});

describe('text fields of POST /orders/service', () => {
  const file: FilePart = {
    filename: 'cv.pdf',
    content: minimalPdf(),
    contentType: 'application/pdf',
  };
  const refused: [string, [string, string | FilePart][]][] = [
    [
      'NUL in the description',
      [
        ['service', 'resume_review'],
        ['description', 'a\u0000b'],
      ],
    ],
    [
      'a bidi override in the description',
      [
        ['service', 'resume_review'],
        ['description', 'a\u202Eb'],
      ],
    ],
    ['NUL in the service', [['service', 'resume_review\u0000']]],
    [
      'NUL in the currency',
      [
        ['service', 'resume_review'],
        ['currency', 'inr\u0000'],
      ],
    ],
  ];

  it.each(refused)('%s: 400, nothing stored', async (_name, fields) => {
    const before = await t.storedFiles();
    const response = await postServiceOrder([...fields, ['file', file]]);
    expect({ status: response.status, body: response.json() }).toEqual({
      status: 400,
      body: { message: TEXT_MESSAGES.controlCharacters },
    });
    expect(await t.storedFiles()).toEqual(before);
  });

  it('keeps line breaks and tabs in the description (it is multi-line)', async () => {
    const response = await postServiceOrder([
      ['service', 'resume_rewrite'],
      ['description', 'Target:\tdata roles\r\nRemote only'],
      ['file', file],
    ]);
    expect(response.status).toBe(201);
  });
});
