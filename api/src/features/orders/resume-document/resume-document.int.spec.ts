import { resumePayloadSchema } from '@shortlist/domain';
import { atsReportSchema } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartForm, registerUser, type TestUser } from '../../../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { renderResumeDocx } from './resume-docx';
import { renderResumePdf } from './resume-pdf';
import { richResumePayload } from './rich-resume.fixture';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  stranger = await registerUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** Our own ATS check, through its route, of a PDF or a DOCX. */
async function atsCheck(file: Buffer, filename = 'resume.pdf') {
  const form = multipartForm([['file', { filename, content: file }]]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ats-check',
    remoteAddress: '10.20.0.1',
    ...form,
  });
  expect(response.statusCode, response.body).toBe(200);
  return atsReportSchema.parse(response.json());
}

describe('the resume PDF from the builder', () => {
  it('scores at least 90 on our own ATS check, every check passing', async () => {
    const pdf = Buffer.from(await renderResumePdf(resumePayloadSchema.parse(richResumePayload())));
    const report = await atsCheck(pdf);
    expect(report.checks.filter((check) => check.status !== 'pass')).toEqual([]);
    expect(report.score).toBeGreaterThanOrEqual(90);
    expect(report.fields).toMatchObject({
      name: 'Asha Verma',
      email: 'asha.verma@example.com',
      phone: '+91 98765 43210',
      location: 'Pune, India',
      linkedin: 'linkedin.com/in/ashaverma',
      jobs: [
        { title: 'Data Analyst', company: 'Acme Retail Pvt Ltd', dates: 'Feb 2023 – Present' },
        { title: 'Junior Analyst', company: 'Globex Technologies', dates: 'Jul 2021 – Jan 2023' },
        { title: 'Analytics Intern', company: 'Initech Solutions', dates: 'Dec 2020 – Jun 2021' },
      ],
      education: [
        {
          degree: 'BSc in Statistics',
          school: 'Savitribai Phule Pune University',
          dates: 'Jul 2018 – May 2021',
        },
      ],
    });
  });

  it('renders characters Helvetica cannot draw as "?" rather than failing', async () => {
    const payload = richResumePayload();
    payload.personal.fullName = 'आशा Verma';
    const pdf = await renderResumePdf(resumePayloadSchema.parse(payload));
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the resume DOCX from the builder', () => {
  it('reads back through mammoth as the PDF does: at least 90, every check passing', async () => {
    const docx = await renderResumeDocx(resumePayloadSchema.parse(richResumePayload()));
    const report = await atsCheck(docx, 'resume.docx');
    expect(report.kind).toBe('docx');
    expect(report.checks.filter((check) => check.status !== 'pass')).toEqual([]);
    expect(report.score).toBeGreaterThanOrEqual(90);
    expect(report.fields).toMatchObject({
      name: 'Asha Verma',
      email: 'asha.verma@example.com',
      phone: '+91 98765 43210',
      location: 'Pune, India',
      linkedin: 'linkedin.com/in/ashaverma',
      jobs: [
        { title: 'Data Analyst', company: 'Acme Retail Pvt Ltd', dates: 'Feb 2023 – Present' },
        { title: 'Junior Analyst', company: 'Globex Technologies', dates: 'Jul 2021 – Jan 2023' },
        { title: 'Analytics Intern', company: 'Initech Solutions', dates: 'Dec 2020 – Jun 2021' },
      ],
      education: [
        {
          degree: 'BSc in Statistics',
          school: 'Savitribai Phule Pune University',
          dates: 'Jul 2018 – May 2021',
        },
      ],
    });
  });
});

describe('POST /api/resume/preview.pdf', () => {
  it('answers the form as an inline PDF for a signed-in customer', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/resume/preview.pdf',
      headers: owner.auth,
      payload: richResumePayload(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="resume-preview.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a visitor who is not signed in (401) and an invalid form (400)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/resume/preview.pdf',
      payload: richResumePayload(),
    });
    expect(anonymous.statusCode).toBe(401);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/resume/preview.pdf',
      headers: owner.auth,
      payload: { ...richResumePayload(), work: [] },
    });
    expect(invalid.statusCode).toBe(400);
  });
});

describe('GET /api/orders/:id/resume.pdf', () => {
  it("gives the order's owner the PDF of the form they ordered with, and no one else", async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/resume',
      headers: owner.auth,
      payload: richResumePayload(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json<{ orderId: string }>();
    const url = `/api/orders/${orderId}/resume.pdf`;
    let download = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    // The order's read model may trail the write by a moment.
    for (let tries = 0; download.statusCode === 404 && tries < 50; tries++) {
      await new Promise((resolve) => setImmediate(resolve));
      download = await t.app.inject({ method: 'GET', url, headers: owner.auth });
    }
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      'attachment; filename="Asha-Verma-resume.pdf"',
    );
    const report = await atsCheck(download.rawPayload);
    expect(report.fields.name).toBe('Asha Verma');

    const other = await t.app.inject({ method: 'GET', url, headers: stranger.auth });
    expect(other.statusCode).toBe(403);

    const docxUrl = `/api/orders/${orderId}/resume.docx`;
    const docx = await t.app.inject({ method: 'GET', url: docxUrl, headers: owner.auth });
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.headers['content-disposition']).toBe(
      'attachment; filename="Asha-Verma-resume.docx"',
    );
    expect((await atsCheck(docx.rawPayload, 'resume.docx')).fields.name).toBe('Asha Verma');
    const refused = await t.app.inject({ method: 'GET', url: docxUrl, headers: stranger.auth });
    expect(refused.statusCode).toBe(403);
  });
});
