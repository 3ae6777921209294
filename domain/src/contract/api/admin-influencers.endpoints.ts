import { z } from 'zod';
import { ADMIN_PAYOUT_STATUSES, INFLUENCER_QUERY_STATUSES } from '../../index';
import { singleLineText } from '../text';
import { formField, isEmail } from './form-fields';
import { INFLUENCER_ROUTE_MESSAGES as M } from './influencer.messages';
import { adminPayoutSchema, influencerQuerySchema, influencerSchema } from './influencer-views';
import { pagingSchema } from './paging';
import { idParamsSchema } from './params';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';
import { defineRoute, messageSchema } from './route';

/** GET /admin/influencers?q: searched by name, e-mail or referral code, newest first. */
export const listInfluencersRoute = defineRoute({
  method: 'GET',
  path: '/admin/influencers',
  audience: 'admin',
  summary: 'List influencers with their figures, searched by name, e-mail or referral code',
  query: z.object({ q: singleLineText().max(200).optional() }),
  response: z.object({ items: z.array(influencerSchema) }),
});

/** POST /admin/influencers: the password is answered once, here, and stored only hashed. */
export const createInfluencerRoute = defineRoute({
  method: 'POST',
  path: '/admin/influencers',
  audience: 'admin',
  summary: 'Create an influencer account (the password is answered once)',
  status: 201,
  body: z
    .object({
      name: formField(100),
      email: formField(254),
      password: formField(MAX_PASSWORD_LENGTH),
    })
    .transform((body, ctx) => {
      const name = body.name.trim();
      const email = body.email.trim().toLowerCase();
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (name === '' || email === '' || body.password === '') return fail(M.fillAllFields);
      if (!isEmail(email)) return fail(M.invalidEmail);
      if (body.password.length < MIN_PASSWORD_LENGTH) return fail(M.adminPasswordTooShort);
      return { name, email, password: body.password };
    }),
  response: z.object({
    message: z.string(),
    item: influencerSchema,
    plainPassword: z.string(),
  }),
});

/** PATCH /admin/influencers/{id}/password: ends the influencer's open sessions. */
export const updateInfluencerPasswordRoute = defineRoute({
  method: 'PATCH',
  path: '/admin/influencers/:id/password',
  audience: 'admin',
  summary: "Set an influencer's password (answered once)",
  params: idParamsSchema,
  body: z.object({ password: formField(MAX_PASSWORD_LENGTH) }).transform((body, ctx) => {
    if (body.password.trim() === '') {
      ctx.addIssue({ code: 'custom', message: M.enterPassword });
      return z.NEVER;
    }
    if (body.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: M.adminPasswordTooShort });
      return z.NEVER;
    }
    return body;
  }),
  response: z.object({ message: z.string(), plainPassword: z.string() }),
});

export const deleteInfluencerRoute = defineRoute({
  method: 'DELETE',
  path: '/admin/influencers/:id',
  audience: 'admin',
  summary: 'Remove an influencer',
  params: idParamsSchema,
  response: messageSchema,
});

/**
 * GET /admin/influencer-queries?q&status&page&limit: every influencer's queries, newest first,
 * a page at a time like the other admin lists (SPEC §9: 50 a page), searched by subject,
 * message, influencer name or query id. `ok` and `items` are SPEC §7's; `total` counts the
 * whole filtered list for the pager.
 */
export const listAdminInfluencerQueriesRoute = defineRoute({
  method: 'GET',
  path: '/admin/influencer-queries',
  audience: 'admin',
  summary: "List influencers' queries, searched and filtered by status, a page at a time",
  query: pagingSchema.extend({
    // The filter's "All" sends an empty value (or none).
    status: z.preprocess(
      (value) => (value === '' || value === 'all' ? undefined : value),
      z.enum(INFLUENCER_QUERY_STATUSES).optional(),
    ),
  }),
  response: z.object({
    ok: z.literal(true),
    items: z.array(influencerQuerySchema),
    total: z.number().int(),
  }),
});

/** PUT /admin/influencer-queries/{id}/reply: resolves the query unless another status is picked. */
export const replyInfluencerQueryRoute = defineRoute({
  method: 'PUT',
  path: '/admin/influencer-queries/:id/reply',
  audience: 'admin',
  summary: "Reply to an influencer's query and set its status",
  params: idParamsSchema,
  body: z
    .object({
      reply: formField(5000, { multiline: true }),
      // SPEC §4: an admin reply resolves the query unless the admin picks another status.
      status: z
        .enum(INFLUENCER_QUERY_STATUSES)
        .nullish()
        .transform((status) => status ?? 'resolved'),
    })
    .transform((body, ctx) => {
      const reply = body.reply.trim();
      if (reply === '') {
        ctx.addIssue({ code: 'custom', message: M.enterReply });
        return z.NEVER;
      }
      return { reply, status: body.status };
    }),
  response: z.object({ ok: z.literal(true), message: z.string(), item: influencerQuerySchema }),
});

/** GET /admin/influencer-payouts: every payout with who asked, newest first. */
export const listAdminInfluencerPayoutsRoute = defineRoute({
  method: 'GET',
  path: '/admin/influencer-payouts',
  audience: 'admin',
  summary: 'List payout requests with payee details',
  response: z.object({ ok: z.literal(true), items: z.array(adminPayoutSchema) }),
});

/** PATCH /admin/influencer-payouts/{id}: approve, mark paid (with the transfer ref) or reject. */
export const updateInfluencerPayoutRoute = defineRoute({
  method: 'PATCH',
  path: '/admin/influencer-payouts/:id',
  audience: 'admin',
  summary: 'Approve, pay (with the transfer reference) or reject a payout',
  params: idParamsSchema,
  body: z.object({
    status: z.enum(ADMIN_PAYOUT_STATUSES, {
      message: `status must be one of ${ADMIN_PAYOUT_STATUSES.join(', ')}`,
    }),
    txnId: singleLineText().trim().max(200).nullish(),
    /** Why a rejection was made: the influencer reads it. */
    reason: singleLineText().trim().max(500).nullish(),
  }),
  response: z.object({ ok: z.literal(true), message: z.string(), item: adminPayoutSchema }),
});

/**
 * The bulk-transfer file's columns (README "Bulk transfer"): RazorpayX's Bulk Payouts upload
 * template, amounts in rupees (https://razorpay.com/docs/x/bulk-payouts/), headings and order as
 * the template has them; its example `notes[…]` columns are left out. One row per approved
 * payout: a bank account as fund account type `bank_account`, a UPI id as `vpa` (mode UPI).
 */
export const BULK_TRANSFER_COLUMNS = [
  'RazorpayX Account Number',
  'Payout Amount (in Rupees)',
  'Payout Currency',
  'Payout Mode',
  'Payout Purpose',
  'Fund Account Id',
  'Fund Account Type',
  'Fund Account Name',
  'Fund Account Ifsc',
  'Fund Account Number',
  'Fund Account Vpa',
  'Fund Account Phone Number',
  'Contact Name',
  'Payout Narration',
  'Payout Reference Id',
  'Fund Account Email',
  'Contact Type',
  'Contact Email',
  'Contact Mobile',
  'Contact Reference Id',
] as const;

/**
 * GET /admin/influencer-payouts/export: every approved payout as a bulk-transfer CSV. Nothing
 * changes: each payout is marked paid with its bank reference once the transfer is done.
 */
export const exportInfluencerPayoutsRoute = defineRoute({
  method: 'GET',
  path: '/admin/influencer-payouts/export',
  audience: 'admin',
  summary: 'Export approved payouts as a RazorpayX Bulk Payouts CSV (NEFT/UPI)',
  response: z.object({
    ok: z.literal(true),
    filename: z.string(),
    count: z.number().int(),
    total: z.number().int(),
    csv: z.string(),
  }),
});
