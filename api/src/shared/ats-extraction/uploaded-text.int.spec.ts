import { getAdminOrderDetailRoute } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesDocx, unicodePdf } from '../../files/testing/hostile-documents';
import {
  createOrdersTestApp,
  multipartForm,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../../testing/orders-test-kit';

// Text inside an uploaded file is the visitor's to choose: NUL, other controls, lone surrogates,
// bidi overrides and marks. None of it may reach the check's answer, the order's events or the
// admin's view of the recorded check (a NUL or a lone surrogate in an event also stops the read
// model that projects it: PostgreSQL's jsonb refuses both).

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

// Each hostile character between two letters, so what is left shows where it was.
const HOSTILE = [
  '\u0000', // NUL
  '\u0001', // a C0 control
  '\u001f',
  '\u0085', // a C1 control
  '\u061c', // Arabic letter mark
  '\u200e', // left-to-right mark
  '\u200f', // right-to-left mark
  '\u202a', // embeddings and overrides
  '\u202e',
  '\u2066', // isolates
  '\u2069',
  '\u2028', // line separator
  '\ud800', // lone surrogates
  '\udfff',
];
const LINE = `Skills${HOSTILE.map((character, index) => `${character}k${index}`).join('')}`;
const LINES = ['Asha Rao', 'asha.rao@example.com', 'Experience', LINE];

// Any of them left behind, or a lone surrogate (a well-formed pair, as in an emoji, is fine).
const UNSAFE = new RegExp(
  `[${HOSTILE.slice(0, -2)
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('')}]|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`,
);

/** Every string inside an answer (JSON.stringify would escape the very characters looked for). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
}

const FILES = {
  docx: async () => ({ filename: 'cv.docx', content: await linesDocx(LINES) }),
  pdf: async () => ({ filename: 'cv.pdf', content: unicodePdf(LINES) }),
};

describe.each(Object.keys(FILES) as (keyof typeof FILES)[])(
  'text with controls, bidi and lone surrogates in a %s',
  (kind) => {
    it('is cleaned in the ATS check answer', async () => {
      const form = multipartForm([['file', await FILES[kind]()]]);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ats-check',
        remoteAddress: `10.31.0.${kind.length}`,
        ...form,
      });
      expect(response.statusCode, response.body).toBe(200);
      const report = response.json() as { text: string };
      expect(report.text).toContain('Skills');
      expect(stringsOf(report).filter((text) => UNSAFE.test(text))).toEqual([]);
    });

    it('never reaches the order placed with its check, nor the admin reading that check', async () => {
      const form = multipartForm([
        ['service', 'resume_review'],
        ['description', ''],
        ['currency', 'inr'],
        ['atsCheck', '1'],
        ['file', await FILES[kind]()],
      ]);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/service',
        headers: { ...alice.auth, ...form.headers },
        payload: form.payload,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const orderId = String(placed.json().orderId);

      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${orderId}`,
        headers: admin.auth,
      });
      expect(detail.statusCode, detail.body).toBe(200);
      const body = getAdminOrderDetailRoute.response.parse(detail.json());
      const check = body.atsCheck;
      expect(check).not.toBeNull();
      expect(check?.text).toContain('Skills');
      for (let index = 0; index < HOSTILE.length; index += 1) {
        expect(check?.text).toContain(`k${index}`);
      }
      expect(stringsOf(check).filter((text) => UNSAFE.test(text))).toEqual([]);
      expect(check?.fields?.name).toBe('Asha Rao');
    });
  },
);
