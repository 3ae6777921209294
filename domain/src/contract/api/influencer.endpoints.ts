import { z } from 'zod';
import {
  DEFAULT_INFLUENCER_QUERY_SUBJECT,
  MOBILE_PATTERN,
  PAYOUT_METHODS,
  paymentDetailsProblem,
} from '../../index';
import { singleLineText } from '../text';
import { formField } from './form-fields';
import { INFLUENCER_ROUTE_MESSAGES as M } from './influencer.messages';
import {
  influencerQuerySchema,
  influencerStatsSchema,
  payoutSchema,
  savedPaymentDetailsSchema,
} from './influencer-views';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';
import { defineRoute } from './route';

/** POST /influencer/login: a token whose role opens only the influencer context. */
export const loginInfluencerRoute = defineRoute({
  method: 'POST',
  path: '/influencer/login',
  audience: 'public',
  summary: 'Sign an influencer in',
  body: z
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
    }),
  response: z.object({
    ok: z.literal(true),
    token: z.string(),
    influencer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  }),
});

/** GET /influencer/dashboard: the caller's own figures, link and referred paid orders. */
export const getInfluencerDashboardRoute = defineRoute({
  method: 'GET',
  path: '/influencer/dashboard',
  audience: 'influencer',
  summary: "Read the signed-in influencer's figures, referral link and referred orders",
  response: z.object({
    ok: z.literal(true),
    stats: influencerStatsSchema,
    influencer: z.object({ name: z.string(), referralCode: z.string(), referralLink: z.string() }),
    orders: z.array(
      z.object({
        orderId: z.string(),
        userEmail: z.string().nullable(),
        service: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    ),
  }),
});

/** GET /influencer/payouts: own payouts, with the figures the screen shows beside them. */
export const listInfluencerPayoutsRoute = defineRoute({
  method: 'GET',
  path: '/influencer/payouts',
  audience: 'influencer',
  summary: "List the signed-in influencer's payouts with balance and eligibility",
  response: z.object({
    ok: z.literal(true),
    items: z.array(payoutSchema),
    stats: influencerStatsSchema,
    /** The details of the last request, offered again in the next one. */
    savedDetails: savedPaymentDetailsSchema.nullable(),
  }),
});

/** POST /influencer/payouts/request: the whole balance, to a bank account or a UPI id. */
export const requestInfluencerPayoutRoute = defineRoute({
  method: 'POST',
  path: '/influencer/payouts/request',
  audience: 'influencer',
  summary: 'Request a payout of the whole balance, to a bank account or a UPI id',
  body: z
    .object({
      // SPEC §7 names payee, mobile, bank and UPI id: without a method it is a UPI request.
      method: z.enum(PAYOUT_METHODS).default('upi'),
      payeeName: formField(200),
      mobile: formField(20),
      bankName: formField(200).default(''),
      accountNumber: formField(30).default(''),
      ifsc: formField(20).default(''),
      upiId: formField(200).default(''),
    })
    .transform((body, ctx) => {
      const details = {
        method: body.method,
        payeeName: body.payeeName.trim(),
        mobile: body.mobile.trim(),
        bankName: body.bankName.trim(),
        accountNumber: body.accountNumber.trim(),
        ifsc: body.ifsc.trim().toUpperCase(),
        upiId: body.upiId.trim(),
      };
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      const needed = [details.payeeName, details.mobile].concat(
        details.method === 'bank'
          ? [details.bankName, details.accountNumber, details.ifsc]
          : [details.upiId],
      );
      if (needed.some((value) => value === '')) return fail(M.payeeDetailsRequired);
      if (!MOBILE_PATTERN.test(details.mobile)) return fail(M.mobileInvalid);
      const problem = paymentDetailsProblem(details);
      if (problem !== null) return fail(problem);
      return details;
    }),
  response: z.object({ ok: z.literal(true), message: z.string() }),
});

/** GET /influencer/queries/{influencerId}: the SPEC's call names the caller's own id. */
export const listInfluencerQueriesRoute = defineRoute({
  method: 'GET',
  path: '/influencer/queries/:influencerId',
  audience: 'influencer',
  summary: "List the signed-in influencer's queries",
  params: z.object({ influencerId: singleLineText().min(1).max(100) }),
  response: z.object({ ok: z.literal(true), items: z.array(influencerQuerySchema) }),
});

/** POST /influencer/queries: a blank influencerId means the caller; another id is refused. */
export const openInfluencerQueryRoute = defineRoute({
  method: 'POST',
  path: '/influencer/queries',
  audience: 'influencer',
  summary: 'Send the support team an issue',
  status: 201,
  body: z
    .object({
      influencerId: formField(100),
      subject: formField(200),
      message: formField(5000, { multiline: true }),
    })
    .transform((body, ctx) => {
      const message = body.message.trim();
      if (message === '') {
        ctx.addIssue({ code: 'custom', message: M.enterIssue });
        return z.NEVER;
      }
      return {
        influencerId: body.influencerId.trim(),
        subject: body.subject.trim() || DEFAULT_INFLUENCER_QUERY_SUBJECT,
        message,
      };
    }),
  response: z.object({ ok: z.literal(true), message: z.string(), item: influencerQuerySchema }),
});
