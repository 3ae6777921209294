import { TEXT_MESSAGES } from '@shortlist/domain';
import { ATS_MESSAGES, type AtsReportView, atsReportSchema } from '@shortlist/domain/contract';
import { CLEAN_RESUME, type FixtureLine } from '@shortlist/domain/testing';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../files/document-upload';
import { multipartForm } from '../../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { ATS_RATE_LIMIT } from './ats-rate-limits';
import {
  imageOnlyPdf,
  legacyDoc,
  paddedPdf,
  resumeDocx,
  resumePdf,
  twoColumnTablePdf,
} from './testing/resume-files';

// The fixture corpus is made here with pdf-lib and a DOCX writer (testing/resume-files.ts), sent
// through the real route, multipart parsing, content sniffing and extraction included.
let t: TestApp;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function check(
  content: Buffer,
  options: { filename?: string; jobDescription?: string; ip?: string } = {},
) {
  const parts: [string, string | { filename: string; content: Buffer }][] = [];
  if (options.jobDescription !== undefined) parts.push(['jobDescription', options.jobDescription]);
  parts.push(['file', { filename: options.filename ?? 'resume.pdf', content }]);
  const form = multipartForm(parts);
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: '/api/ats-check',
    // Each check from its own address: the rate limit has a test of its own.
    remoteAddress: options.ip ?? `10.14.${Math.floor(address / 200)}.${address % 200}`,
    ...form,
  });
}

async function report(
  content: Buffer,
  options: { filename?: string; jobDescription?: string } = {},
) {
  const response = await check(content, options);
  expect(response.statusCode, response.body).toBe(200);
  return atsReportSchema.parse(response.json());
}

const statusOf = (result: AtsReportView, id: string) =>
  result.checks.find((item) => item.id === id)?.status;

const SIDEBAR = [
  'CONTACT',
  'asha.rao@example.com',
  '+91 98765 43210',
  'Pune, India',
  'SKILLS',
  'TypeScript',
  'PostgreSQL',
  'Docker',
  'Kubernetes',
  'LANGUAGES',
  'English, Hindi',
  'Marathi',
  'INTERESTS',
  'Chess',
  'Running',
];
const MAIN: FixtureLine[] = CLEAN_RESUME.filter((line) => !line.text.includes('@')).map((line) => ({
  text: line.right === undefined ? line.text : `${line.text} ${line.right}`,
  bold: line.bold,
}));

describe('POST /api/ats-check on the fixture corpus', () => {
  it('a clean one-column PDF passes every check and scores 100', async () => {
    const result = await report(await resumePdf(CLEAN_RESUME));
    expect(result.checks.filter((item) => item.status !== 'pass')).toEqual([]);
    expect(result.score).toBe(100);
    expect(result.kind).toBe('pdf');
    expect(result.fields.name).toBe('Asha Rao');
    expect(result.fields.email).toBe('asha.rao@example.com');
    expect(result.fields.jobs).toEqual([
      {
        title: 'Senior Software Engineer',
        company: 'Acme Payments Pvt Ltd',
        dates: 'Jan 2021 – Present',
      },
      { title: 'Software Engineer', company: 'Globex Technologies', dates: 'Jun 2018 – Dec 2020' },
    ]);
    expect(result.text.split('\n')[0]).toBe('Asha Rao');
  });

  it('the same resume as DOCX is read from its paragraphs and passes every check', async () => {
    const result = await report(resumeDocx(CLEAN_RESUME), { filename: 'resume.docx' });
    expect(result.kind).toBe('docx');
    expect(result.checks.filter((item) => item.status !== 'pass')).toEqual([]);
    expect(result.fields.skills).toContain('PostgreSQL');
  });

  it('an image-only PDF fails the text-layer check and scores 0', async () => {
    const result = await report(await imageOnlyPdf());
    expect(result.checks[0]).toEqual({
      id: 'text-layer',
      title: 'Readable text',
      status: 'fail',
      message:
        'The file holds only images of text, so an ATS reads nothing: export it from your editor as a text PDF or DOCX instead of scanning or saving as a picture.',
    });
    expect(statusOf(result, 'images')).toBe('warn');
    expect(result.score).toBe(0);
    expect(result.text).toBe('');
  });

  it('a two-column layout is read column by column, and fails the layout check for it', async () => {
    const result = await report(await twoColumnTablePdf(SIDEBAR, MAIN));
    expect(result.columns).toBe(2);
    expect(statusOf(result, 'layout')).toBe('fail');
    // Each column top to bottom: the sidebar's lines stay together, the main column's too.
    const lines = result.text.split('\n');
    expect(lines.slice(0, SIDEBAR.length)).toEqual(SIDEBAR);
    expect(lines.slice(SIDEBAR.length, SIDEBAR.length + 3)).toEqual(
      MAIN.slice(0, 3).map((line) => line.text),
    );
    // What the reader found is not held against the layout: the sections are all there.
    expect(result.sections.map((section) => section.kind)).toEqual(
      expect.arrayContaining(['experience', 'education', 'skills']),
    );
    expect(statusOf(result, 'headings')).not.toBe('fail');
    const clean = await report(await resumePdf(CLEAN_RESUME));
    expect(result.score).toBeLessThan(clean.score);
  });

  it('a DOCX table fails the layout check', async () => {
    const result = await report(resumeDocx(CLEAN_RESUME, { table: true }), {
      filename: 'resume.docx',
    });
    expect(result.checks.find((item) => item.id === 'layout')).toEqual({
      id: 'layout',
      title: 'One-column layout',
      status: 'fail',
      message:
        'The file has a table, which many ATS read cell by cell out of order: put the content in plain paragraphs and bullets.',
    });
  });

  it('a JD match finds the planted keywords and names the missing ones', async () => {
    const jobDescription = [
      'Senior Backend Engineer (Payments)',
      'You will build payment APIs in TypeScript and Node.js on PostgreSQL, deployed with Docker on Kubernetes.',
      'Requirements: TypeScript, PostgreSQL, Kafka, Terraform.',
      'Experience with Kafka and Terraform in production.',
    ].join('\n');
    const result = await report(await resumePdf(CLEAN_RESUME), { jobDescription });
    expect(result.keywords?.found).toEqual(
      expect.arrayContaining(['TypeScript', 'PostgreSQL', 'Docker', 'Kubernetes', 'Node.js']),
    );
    expect(result.keywords?.missing).toEqual(expect.arrayContaining(['Kafka', 'Terraform']));
    expect(statusOf(result, 'keywords')).not.toBeUndefined();
  });

  it('a legacy .doc is read as plain text and says what was not checked', async () => {
    const result = await report(legacyDoc(CLEAN_RESUME), { filename: 'resume.doc' });
    expect(result.kind).toBe('doc');
    expect(result.limitations).toEqual([ATS_MESSAGES.legacyDoc]);
    expect(result.fields.email).toBe('asha.rao@example.com');
    expect(result.text).toContain('EXPERIENCE');
  });
});

describe('POST /api/ats-check refusals: a clear 4xx, never a 5xx', () => {
  it('a damaged PDF: 422 with the message', async () => {
    const good = await resumePdf(CLEAN_RESUME);
    const damaged = Buffer.concat([good.subarray(0, 20), Buffer.alloc(2000, 0x41)]);
    const response = await check(damaged);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: ATS_MESSAGES.corrupt });
  });

  it('a password-protected PDF: 422 says so', async () => {
    // A classic trailer (no object streams) that names a Standard security handler: pdf.js then
    // asks for the user password, which the bytes here never match.
    const plain = await PDFDocument.load(await resumePdf(CLEAN_RESUME));
    const good = Buffer.from(await plain.save({ useObjectStreams: false })).toString('latin1');
    const encrypted = good.replace(
      /trailer\s*<</,
      (found) =>
        `${found} /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'11'.repeat(32)}> /P -4 >> /ID [<${'22'.repeat(16)}> <${'22'.repeat(16)}>] `,
    );
    expect(encrypted).not.toBe(good);
    const response = await check(Buffer.from(encrypted, 'latin1'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: ATS_MESSAGES.encrypted });
  });

  it('a file over 10 MB: 413', async () => {
    const response = await check(
      Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 + 10)]),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.tooLarge });
  });

  it('a file that is not a PDF, DOC or DOCX: 415', async () => {
    const response = await check(Buffer.from('MZ\x90\x00 not a resume'), { filename: 'cv.pdf' });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: UPLOAD_MESSAGES.wrongType });
  });

  it('a job description with a control character or over 20000 characters: 400', async () => {
    const pdf = await resumePdf(CLEAN_RESUME);
    const nul = await check(pdf, { jobDescription: 'Engineer\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ message: TEXT_MESSAGES.controlCharacters });
    for (const length of [20_001, 100_000]) {
      const long = await check(pdf, { jobDescription: 'a'.repeat(length) });
      expect(long.statusCode).toBe(400);
      expect(long.json()).toEqual({ message: ATS_MESSAGES.jobDescriptionTooLong });
    }
    const multiByte = await check(pdf, { jobDescription: 'क'.repeat(19_000) });
    expect(multiByte.statusCode).toBe(200);
  });

  it('a job description with form feeds (copied out of a PDF) is cleaned, not refused', async () => {
    const pdf = await resumePdf(CLEAN_RESUME);
    const copied = 'Requirements\fTypeScript and Kafka\u000B\u0085PostgreSQL\r\nTerraform';
    const result = await report(pdf, { jobDescription: copied });
    expect(result.keywords?.found).toEqual(expect.arrayContaining(['TypeScript', 'PostgreSQL']));
    expect(result.keywords?.missing).toEqual(expect.arrayContaining(['Kafka', 'Terraform']));
    expect(result.keywords?.required).toEqual(
      expect.arrayContaining(['TypeScript', 'Kafka', 'PostgreSQL', 'Terraform']),
    );
  });

  it('no file: 400', async () => {
    const form = multipartForm([['jobDescription', 'Engineer']]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/ats-check',
      remoteAddress: '10.15.0.1',
      ...form,
    });
    expect(response.statusCode).toBe(400);
  });

  it('a 10 MB PDF under the cap is checked', async () => {
    const big = await paddedPdf(CLEAN_RESUME, 9.5 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(9 * 1024 * 1024);
    const result = await report(big);
    expect(statusOf(result, 'text-layer')).toBe('pass');
  });

  it('keeps no personal data in the logs', async () => {
    await report(await resumePdf(CLEAN_RESUME));
    const logged = t.logs.lines.join('\n');
    expect(logged).not.toContain('asha');
    expect(logged).not.toContain('98765');
  });

  it('answers 429 past the per-IP limit, and not to another address', async () => {
    const pdf = await resumePdf(CLEAN_RESUME);
    const statuses: number[] = [];
    for (let i = 0; i < ATS_RATE_LIMIT.max; i++) {
      statuses.push((await check(pdf, { ip: '10.16.0.1' })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    const over = await check(pdf, { ip: '10.16.0.1' });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ message: ATS_MESSAGES.tooManyChecks });
    expect((await check(pdf, { ip: '10.16.0.2' })).statusCode).toBe(200);
  });
});
