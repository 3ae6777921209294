import { z } from 'zod';
import { INFLUENCER_QUERY_STATUSES, PAYOUT_STATUSES } from '../../index';

/** The figures the influencer's screens and the admin's list show; eligibility is the ledger's. */
export const influencerStatsSchema = z.object({
  usersReferred: z.number().int(),
  registrations: z.number().int(),
  orders: z.number().int(),
  balance: z.number().int(),
  eligible: z.boolean(),
});
export type InfluencerStats = z.infer<typeof influencerStatsSchema>;

/** SPEC §3 "Payout", as its influencer reads it. */
export const payoutSchema = z.object({
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
export type PayoutView = z.infer<typeof payoutSchema>;

/** A payout on the admin list, with who asked for it. */
export const adminPayoutSchema = payoutSchema.extend({
  influencerId: z.object({
    _id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
});
export type AdminPayoutView = z.infer<typeof adminPayoutSchema>;

/** SPEC §3 "Influencer query", with the asking influencer's name. */
export const influencerQuerySchema = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(INFLUENCER_QUERY_STATUSES),
  influencerId: z.object({ _id: z.string(), name: z.string().nullable() }),
  replies: z.array(z.object({ at: z.string(), by: z.string(), body: z.string() })),
  createdAt: z.string(),
});
export type InfluencerQueryView = z.infer<typeof influencerQuerySchema>;

/** An influencer on the admin list. Never a password: that is answered once, on create/reset. */
export const influencerSchema = z.object({
  _id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  referralCode: z.string(),
  referralLink: z.string(),
  stats: influencerStatsSchema,
  createdAt: z.string(),
});
export type InfluencerView = z.infer<typeof influencerSchema>;
