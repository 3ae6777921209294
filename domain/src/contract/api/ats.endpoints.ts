import { z } from 'zod';
import { CHECK_IDS } from '../../ats';
import { resumePayloadSchema } from '../../index';
import { idParamsSchema } from './params';
import { defineRoute } from './route';

/** What the ATS check says besides its report (the upload's own messages are the orders'). */
export const ATS_MESSAGES = {
  corrupt: 'This file could not be opened: it looks damaged. Export it again from your editor.',
  encrypted:
    'This PDF is password-protected, so no ATS can read it. Save a copy without a password and upload that.',
  jobDescriptionTooLong: 'The job description must be at most 20000 characters.',
  legacyDoc:
    'Legacy .doc file: only its plain text was read. Tables, columns, headers, footers, images and fonts were not checked: save it as DOCX or PDF for the full check.',
  tooManyChecks: 'Too many checks from your network. Please wait a minute and try again.',
} as const;

/** The longest job description read: far beyond any real advert, bounding the work. */
export const JOB_DESCRIPTION_MAX = 20_000;

const nullableText = z.string().nullable();

export const atsCheckSchema = z.object({
  id: z.enum(CHECK_IDS),
  title: z.string(),
  status: z.enum(['pass', 'warn', 'fail']),
  message: z.string(),
});
export type AtsCheckView = z.infer<typeof atsCheckSchema>;

/** The job description's keywords the resume has and lacks, as an order records them. */
export const atsJobMatchSchema = z.object({
  found: z.array(z.string()),
  missing: z.array(z.string()),
  percent: z.number().int().nullable(),
});

/** The report as the customer page shows it: score, checks, fields found, the text read. */
export const atsReportSchema = z.object({
  score: z.number().int().min(0).max(100),
  kind: z.enum(['pdf', 'docx', 'doc']),
  pages: z.number().int(),
  words: z.number().int(),
  /** The most columns found side by side on a page (1: the text reads as one column). */
  columns: z.number().int().min(1),
  checks: z.array(atsCheckSchema),
  fields: z.object({
    name: nullableText,
    email: nullableText,
    phone: nullableText,
    location: nullableText,
    linkedin: nullableText,
    jobs: z.array(z.object({ title: nullableText, company: nullableText, dates: nullableText })),
    education: z.array(
      z.object({ degree: nullableText, school: nullableText, dates: nullableText }),
    ),
    skills: z.array(z.string()),
  }),
  sections: z.array(z.object({ kind: z.string(), title: z.string() })),
  text: z.string(),
  keywords: atsJobMatchSchema
    .extend({
      /** The keywords the description requires, and those it names as a plus. */
      required: z.array(z.string()),
      preferred: z.array(z.string()),
    })
    .nullable(),
  limitations: z.array(z.string()),
});
export type AtsReportView = z.infer<typeof atsReportSchema>;

/**
 * POST /ats-check (multipart: file, optional jobDescription): what an ATS reads from a resume,
 * scored. Public; the file is read in memory and dropped.
 */
export const atsCheckRoute = defineRoute({
  method: 'POST',
  path: '/ats-check',
  audience: 'public',
  summary: 'Check a resume (PDF, DOC or DOCX) the way an applicant tracking system reads it',
  multipart: true,
  response: atsReportSchema,
});

/** The PDF bytes, sent as a download; the apps link to it rather than parse it. */
const pdfAnswer = z.unknown().describe('the PDF');

/** POST /resume/preview.pdf: the builder's form rendered as the PDF the order will deliver. */
export const previewResumePdfRoute = defineRoute({
  method: 'POST',
  path: '/resume/preview.pdf',
  audience: 'customer',
  summary: "Render the builder's form as an ATS-friendly one-column PDF (preview)",
  body: resumePayloadSchema,
  response: pdfAnswer,
});

/** GET /orders/{id}/resume.pdf: a from-scratch order's resume as a PDF (its owner or an admin). */
export const downloadOrderResumePdfRoute = defineRoute({
  method: 'GET',
  path: '/orders/:id/resume.pdf',
  audience: 'customer',
  summary: "Download a resume-from-scratch order's resume as a PDF",
  params: idParamsSchema,
  response: pdfAnswer,
});

/** GET /orders/{id}/resume.docx: the same resume as a Word file (its owner or an admin). */
export const downloadOrderResumeDocxRoute = defineRoute({
  method: 'GET',
  path: '/orders/:id/resume.docx',
  audience: 'customer',
  summary: "Download a resume-from-scratch order's resume as a Word file (DOCX)",
  params: idParamsSchema,
  response: z.unknown().describe('the DOCX'),
});
