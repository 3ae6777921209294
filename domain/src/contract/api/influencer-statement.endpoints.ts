import { z } from 'zod';
import { defineRoute } from './route';

/**
 * What moved the balance, one kind per ledger event that touches money: a reward for a referred
 * user's first paid review, its clawback on refund, an order's commission (pending while the
 * order can be refunded, which moves nothing yet; earned when it completes; cancelled or clawed
 * back by a refund), a payout's hold, approval (which nets a debt), payment and rejection (which
 * returns the held amount).
 */
export const STATEMENT_ENTRY_KINDS = [
  'reward',
  'clawback',
  'commission_pending',
  'commission_earned',
  'commission_cancelled',
  'commission_clawback',
  'payout_held',
  'payout_approved',
  'payout_paid',
  'payout_returned',
] as const;
export type StatementEntryKind = (typeof STATEMENT_ENTRY_KINDS)[number];

export const statementEntrySchema = z.object({
  /** The ledger event's id: unique, stable across reads. */
  id: z.string(),
  /** When the ledger decided it (ISO-8601). */
  at: z.string(),
  kind: z.enum(STATEMENT_ENTRY_KINDS),
  /** The order a reward or clawback is for. */
  orderId: z.string().nullable(),
  /** The referred customer's name on that order (null: no order, or the account is erased). */
  customerName: z.string().nullable(),
  /** The payout a hold, approval, payment or return is about. */
  payoutId: z.string().nullable(),
  /** The bank or UPI transfer reference of a paid payout. */
  txnId: z.string().nullable(),
  /** A pending commission's amount (not in the balance yet); 0 on other lines. */
  pending: z.number().int(),
  /** Why a payout was rejected. */
  reason: z.string().nullable(),
  /** What the line added to the balance in whole rupees (negative when it took some away). */
  amount: z.number().int(),
  /** The balance after this line. */
  balance: z.number().int(),
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

/**
 * GET /influencer/statement?before: every ledger line of the caller's balance in time order with
 * a running balance, up to (not including) `before` when given. The last line's balance is the
 * balance the dashboard shows.
 */
export const getInfluencerStatementRoute = defineRoute({
  method: 'GET',
  path: '/influencer/statement',
  audience: 'influencer',
  summary: "Read the signed-in influencer's earnings statement, as of a moment",
  query: z.object({ before: z.iso.datetime({ offset: true }).optional() }),
  response: z.object({
    ok: z.literal(true),
    entries: z.array(statementEntrySchema),
    /** The balance at the statement's end: 0 when it has no lines. */
    balance: z.number().int(),
  }),
});

/** Weeks shown by the referral chart. */
export const REFERRAL_CHART_WEEKS = 12;

export const referralWeekSchema = z.object({
  /** The Monday (UTC) the week starts on, YYYY-MM-DD. */
  weekStart: z.string(),
  registrations: z.number().int(),
  /** Referred users' first paid reviews, each credited once. */
  rewardedOrders: z.number().int(),
});
export type ReferralWeek = z.infer<typeof referralWeekSchema>;

/** GET /influencer/referral-chart: registrations and rewarded orders per week, oldest first. */
export const getInfluencerReferralChartRoute = defineRoute({
  method: 'GET',
  path: '/influencer/referral-chart',
  audience: 'influencer',
  summary: 'Registrations and rewarded orders per week over the last 12 weeks',
  response: z.object({
    ok: z.literal(true),
    weeks: z.array(referralWeekSchema).length(REFERRAL_CHART_WEEKS),
  }),
});

/** One step of the funnel over a period: clicks → registrations → first purchases → commission. */
export const funnelFiguresSchema = z.object({
  clicks: z.number().int(),
  registrations: z.number().int(),
  /** Referred users whose first paid order fell in the period. */
  firstPurchases: z.number().int(),
  /** First-review rewards and order commissions (pending or earned, net of refunds), ₹. */
  commission: z.number().int(),
});
export type FunnelFigures = z.infer<typeof funnelFiguresSchema>;

/**
 * GET /influencer/funnel: the short link's funnel over the last 12 weeks, per week (oldest
 * first) and per campaign tag (`null`: links without a tag), from the read models.
 */
export const getInfluencerFunnelRoute = defineRoute({
  method: 'GET',
  path: '/influencer/funnel',
  audience: 'influencer',
  summary: 'Clicks, registrations, first purchases and commission per week and per campaign',
  response: z.object({
    ok: z.literal(true),
    shortLink: z.string(),
    weeks: z
      .array(funnelFiguresSchema.extend({ weekStart: z.string() }))
      .length(REFERRAL_CHART_WEEKS),
    campaigns: z.array(funnelFiguresSchema.extend({ campaign: z.string().nullable() })),
  }),
});
