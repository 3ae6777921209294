import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_TIMEOUTS } from '../server-timeouts';
import { multipartForm, type OrdersTestApp, type TestUser } from '../testing/orders-test-kit';
import { UPLOAD_MESSAGES } from './document-upload';
import { minimalPdf } from './testing/document-fixtures';
import { openDescriptorCount, rawHttp, waitUntil } from './testing/raw-http';
import { startUploadWorld } from './testing/upload-world';

// Issue 9, item 3: an upload cut off mid-file must release everything it held (the socket, the
// storage's write stream, the `.part` file), and a malformed multipart body is the client's
// fault (400), never a 500.

let t: OrdersTestApp;
let alice: TestUser;
let admin: TestUser;
let paidOrderId: string;
let port: number;

beforeAll(async () => {
  ({ t, alice, admin, paidOrderId, port } = await startUploadWorld());
});

afterAll(async () => {
  await t?.close();
});

/** A 1 MB PDF in the form the web apps send; the cut falls well inside the file part. */
function bigPdfForm() {
  const content = Buffer.alloc(1024 * 1024, 0x20);
  minimalPdf().copy(content);
  return multipartForm([
    ['service', 'resume_review'],
    ['description', ''],
    ['file', { filename: 'cv.pdf', content, contentType: 'application/pdf' }],
    ['currency', 'inr'],
  ]);
}

function postServiceOrder(
  body: { payload: Buffer; headers: Record<string, string> },
  options: { sendBytes?: number; finish?: 'answer' | 'abort' | 'end' } = {},
) {
  return rawHttp({
    port,
    method: 'POST',
    path: '/api/orders/service',
    headers: { ...alice.auth, ...body.headers },
    body: body.payload,
    ...options,
  });
}

describe('uploads cut off mid-file', () => {
  it('release every descriptor and leave no partial file after 20 aborted uploads', async () => {
    // One complete upload first, so the pool connections and lazily opened files it needs are
    // part of the baseline rather than counted as a leak.
    const warmUp = await postServiceOrder(bigPdfForm());
    expect(warmUp.status).toBe(201);
    const storedBefore = await t.storedFiles();
    const baseline = openDescriptorCount();

    const logsBefore = t.logs.lines.length;
    // They break off at three places: a few bytes into the body (before the handler has read
    // any part), a few bytes into the file (the server holds the whole cut body before the
    // handler reaches the file part), and in the middle of a 1 MB file.
    for (let i = 0; i < 20; i += 1) {
      const body = bigPdfForm();
      const fileStart = body.payload.indexOf('%PDF-');
      const cuts = [10, fileStart + 100, Math.floor(body.payload.length / 2)];
      const answer = await postServiceOrder(body, { sendBytes: cuts[i % 3], finish: 'abort' });
      expect(answer.status).toBeNull();
    }

    await waitUntil(
      async () =>
        openDescriptorCount() <= baseline && (await t.storedFiles()).length === storedBefore.length,
      { what: 'the aborted uploads released their descriptors and partial files' },
    );
    expect(await t.storedFiles()).toEqual(storedBefore);
    // A client that hangs up is not a server error: nothing logged as one (it was "Unhandled
    // error … aborted", and an uncaught exception when the part had failed before it was read).
    const errors = t.logs
      .entries()
      .slice(logsBefore)
      .filter((entry) => Number(entry.level) >= 50);
    expect(errors).toEqual([]);
    console.log(
      `aborted uploads: 20, descriptors baseline ${baseline}, after ${openDescriptorCount()}`,
    );
  });

  it('answers 400 when the body ends early (client half-closes mid-file), keeping nothing', async () => {
    const storedBefore = await t.storedFiles();
    const baseline = openDescriptorCount();
    const body = bigPdfForm();
    const answer = await postServiceOrder(body, {
      sendBytes: Math.floor(body.payload.length / 2),
      finish: 'end',
    });
    expect(answer.status === null || answer.status === 400).toBe(true);
    await waitUntil(
      async () =>
        openDescriptorCount() <= baseline && (await t.storedFiles()).length === storedBefore.length,
      { what: 'the cut-off upload released its descriptor and partial file' },
    );
  });
});

describe('stalled uploads', () => {
  it('the server bounds every connection: idle, whole request, headers, keep-alive', () => {
    const server = t.app.server;
    expect({
      idle: server.timeout,
      request: server.requestTimeout,
      headers: server.headersTimeout,
      keepAlive: server.keepAliveTimeout,
    }).toEqual({
      idle: SERVER_TIMEOUTS.connectionTimeoutMs,
      request: SERVER_TIMEOUTS.requestTimeoutMs,
      headers: SERVER_TIMEOUTS.headersTimeoutMs,
      keepAlive: SERVER_TIMEOUTS.keepAliveTimeoutMs,
    });
    // A 10 MB document must still arrive over a ~140 kbit/s link.
    expect((10 * 1024 * 1024) / (SERVER_TIMEOUTS.requestTimeoutMs / 1000)).toBeLessThan(18_000);
  });

  it('an upload that stops sending is cut when its connection goes idle, keeping nothing', async () => {
    const server = t.app.server;
    // The same idle cut as in production, shortened so the test does not wait a minute.
    server.timeout = 300;
    try {
      const storedBefore = await t.storedFiles();
      const baseline = openDescriptorCount();
      const body = bigPdfForm();
      const answer = await postServiceOrder(body, {
        sendBytes: Math.floor(body.payload.length / 2),
        finish: 'answer',
      });
      // The socket closed by the server, with no answer: the client had stopped mid-request.
      expect(answer.status).toBeNull();
      await waitUntil(
        async () =>
          openDescriptorCount() <= baseline &&
          (await t.storedFiles()).length === storedBefore.length,
        { what: 'the stalled upload released its descriptor and partial file' },
      );
    } finally {
      server.timeout = SERVER_TIMEOUTS.connectionTimeoutMs;
    }
  });
});

describe('malformed multipart bodies answer 400 with a message', () => {
  const pdf = minimalPdf();
  const cases: [string, Record<string, string>, Buffer][] = [
    ['no boundary', { 'content-type': 'multipart/form-data' }, Buffer.from('hello')],
    [
      'garbage body',
      { 'content-type': 'multipart/form-data; boundary=xyz' },
      Buffer.from('this is not multipart at all'),
    ],
    [
      'truncated final boundary',
      { 'content-type': 'multipart/form-data; boundary=xyz' },
      Buffer.concat([
        Buffer.from(
          '--xyz\r\nContent-Disposition: form-data; name="service"\r\n\r\nresume_review\r\n' +
            '--xyz\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"\r\n' +
            'Content-Type: application/pdf\r\n\r\n',
        ),
        pdf,
        Buffer.from('\r\n--xy'),
      ]),
    ],
    [
      'a part header that never ends',
      { 'content-type': 'multipart/form-data; boundary=xyz' },
      Buffer.from('--xyz\r\nContent-Disposition: form-data; name="file"; filename="cv.pdf"'),
    ],
  ];

  it.each(cases)('%s', async (_name, headers, payload) => {
    const storedBefore = await t.storedFiles();
    const answers = [
      await postServiceOrder({ payload, headers }),
      await rawHttp({
        port,
        method: 'POST',
        path: `/api/admin/orders/${paidOrderId}/attachments`,
        headers: { ...admin.auth, ...headers },
        body: payload,
      }),
    ];
    for (const answer of answers) {
      expect({ status: answer.status, body: JSON.parse(answer.body) as unknown }).toEqual({
        status: 400,
        body: { message: UPLOAD_MESSAGES.malformed },
      });
    }
    expect(await t.storedFiles()).toEqual(storedBefore);
  });
});
