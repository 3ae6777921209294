import {
  INFLUENCER_QUERY_STATUSES,
  multiLineText,
  PAYOUT_STATUSES,
  singleLineText,
} from '@shortlist/domain';
import { z } from 'zod';
import {
  INFLUENCER_API_MESSAGES as M,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './influencer.messages';

/**
 * Form fields arrive as strings or not at all. Each body schema accepts that loosely, then checks
 * the SPEC's rules in order in one place, so a request gets one message: the first rule it
 * breaks, worded as the SPEC words it. Every field is the contract's text: one line, unless it is a
 * message or a reply (`multiline`), and never NUL or another control (contract/text.ts).
 */
export const formField = (max: number, options: { multiline?: boolean } = {}) =>
  (options.multiline === true ? multiLineText() : singleLineText())
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '');

export const messageSchema = z.object({ message: z.string() });
export const idParamsSchema = z.object({ id: singleLineText().min(1).max(100) });
export const isEmail = (value: string) => z.email().safeParse(value).success;

export const influencerLoginBodySchema = z
  .object({ email: formField(254), password: formField(MAX_PASSWORD_LENGTH) })
  .transform((body, ctx) => {
    const email = body.email.trim().toLowerCase();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (email === '' || body.password === '') return fail(M.enterEmailAndPassword);
    if (body.password.length < MIN_PASSWORD_LENGTH) return fail(M.passwordTooShort);
    return { email, password: body.password };
  });

export const statsSchema = z.object({
  usersReferred: z.number().int(),
  registrations: z.number().int(),
  orders: z.number().int(),
  balance: z.number().int(),
  eligible: z.boolean(),
});
export type InfluencerStats = z.infer<typeof statsSchema>;

export const payoutItemSchema = z.object({
  _id: z.string(),
  amount: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  payeeName: z.string().nullable(),
  mobile: z.string().nullable(),
  bankName: z.string().nullable(),
  upiId: z.string().nullable(),
  txnId: z.string().nullable(),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const adminPayoutItemSchema = payoutItemSchema.extend({
  influencerId: z.object({
    _id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
});

export const queryItemSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(INFLUENCER_QUERY_STATUSES),
  influencerId: z.object({ _id: z.string(), name: z.string().nullable() }),
  replies: z.array(z.object({ at: z.string(), by: z.string(), body: z.string() })),
  createdAt: z.string(),
});
export type QueryItem = z.infer<typeof queryItemSchema>;
