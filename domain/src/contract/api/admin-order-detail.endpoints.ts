import { z } from 'zod';
import {
  certificationEntrySchema,
  educationEntrySchema,
  languageEntrySchema,
  projectEntrySchema,
  type ResumePayload,
  resumePayloadSchema,
  workEntrySchema,
} from '../../resume/resume-payload.schema';
import { atsCheckSchema, atsJobMatchSchema, atsReportSchema } from './ats.endpoints';
import { orderSchema } from './order-view';
import { idParamsSchema } from './params';
import { defineRoute } from './route';

/** Who placed the order, from their account (null once the account is gone). */
export const orderCustomerSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
});

/**
 * One object of the resume form with every field read back as plain text. The fields are the
 * domain schema's own keys; the rules (required, YYYY-MM, choices) were applied when the order
 * was placed, and an answer is serialised by encoding, which the schema's trims cannot do.
 */
function asText<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  const fields = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, z.string()]));
  return z.object(fields as { [Key in keyof Shape]: z.ZodString });
}

const { personal, skills } = resumePayloadSchema.shape;

/** The resume form (SPEC §3) as submitted: the builder's nine steps, in the schema's order. */
export const resumeViewSchema = z.object({
  degreeLevel: z.string(),
  majorPrimary: z.string(),
  majorOther: z.string(),
  targetRoles: z.array(z.string()),
  personal: asText(personal),
  summary: z.string(),
  work: z.array(asText(workEntrySchema)),
  edu: z.array(asText(educationEntrySchema)),
  skills: asText(skills),
  projects: z.array(asText(projectEntrySchema)),
  certs: z.array(asText(certificationEntrySchema)),
  langs: z.array(asText(languageEntrySchema)),
  currency: z.string(),
});
export type ResumeView = z.infer<typeof resumeViewSchema>;
// Every form the domain accepts reads as this view: a field added to the form without a
// place here fails the typecheck.
type Covers<View, Form extends View> = Form;
export type ResumeViewCoversForm = Covers<ResumeView, ResumePayload> &
  Covers<keyof ResumePayload, keyof ResumeView>;

/** One refund of the order, as the order stream recorded it (whole currency units). */
export const orderRefundSchema = z.object({
  refundId: z.string(),
  amount: z.number(),
  currency: z.string(),
  at: z.string(),
});

/**
 * The payment facts of a paid order, from its OrderPaid event: the provider's ids and what was
 * charged. `method` (UPI, card…) is what the provider reported when it is recorded, else null.
 */
export const orderPaymentSchema = z.object({
  providerOrderId: z.string(),
  paymentId: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.string().nullable(),
  paidAt: z.string(),
  refunds: z.array(orderRefundSchema),
});
export type OrderPaymentView = z.infer<typeof orderPaymentSchema>;

/**
 * The ATS check the server ran on the upload when the order was placed from the ATS check page
 * (placed from the ATS check page). Score, verdicts and the job match outlive the erasure; what the
 * parser read from the file (each check's sentence, the text, the fields found) reads null once
 * erased.
 */
export const orderAtsCheckSchema = z.object({
  checkedAt: z.string(),
  score: z.number().int().min(0).max(100),
  kind: atsReportSchema.shape.kind,
  pages: z.number().int(),
  words: z.number().int(),
  checks: z.array(atsCheckSchema.extend({ message: z.string().nullable() })),
  jobMatch: atsJobMatchSchema.nullable(),
  limitations: z.array(z.string()),
  text: z.string().nullable(),
  fields: atsReportSchema.shape.fields.nullable(),
});
export type OrderAtsCheckView = z.infer<typeof orderAtsCheckSchema>;

/**
 * GET /admin/orders/{id}: the details drawer. The Order the customer sees, plus what only staff
 * read: the customer's account, the resume form as submitted (the domain's own schema: the same
 * nine steps the builder asks for), the payment facts, whether the server would refund it now,
 * the ATS check it was placed with, and when its personal data was erased (then `resume`,
 * `userEmail`, uploads, attachments, suggestions and the check's personal parts read null or
 * empty: SPEC §1 keeps data a month after completion).
 */
export const getAdminOrderDetailRoute = defineRoute({
  method: 'GET',
  path: '/admin/orders/:id',
  audience: 'admin',
  summary: 'Read any one order with its resume form, payment facts and customer',
  params: idParamsSchema,
  response: z.object({
    order: orderSchema,
    customer: orderCustomerSchema.nullable(),
    /** Null for an upload order (rewrite, review), and once erased. */
    resume: resumeViewSchema.nullable(),
    /** Null until paid. */
    payment: orderPaymentSchema.nullable(),
    /** Null unless the order was placed from the ATS check page. */
    atsCheck: orderAtsCheckSchema.nullable(),
    /** The refund rule of SPEC §1 as the server applies it: paid and still pending. */
    refundable: z.boolean(),
    /** When the retention job erased the order's personal data; null while it is kept. */
    erasedAt: z.string().nullable(),
  }),
});
export type AdminOrderDetail = z.infer<typeof getAdminOrderDetailRoute.response>;
