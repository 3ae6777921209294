import { z } from 'zod';
import {
  INFLUENCER_QUERY_STATUSES,
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  REFERRAL_FLAG_REASONS,
} from '../../index';

/** The figures the influencer's screens and the admin's list show; eligibility is the ledger's. */
export const influencerStatsSchema = z.object({
  usersReferred: z.number().int(),
  registrations: z.number().int(),
  orders: z.number().int(),
  balance: z.number().int(),
  eligible: z.boolean(),
  /** Commissions of orders that can still be refunded: not in the balance yet. */
  pending: z.number().int(),
  /** What refunds took beyond the balance; netted from the next payout (0 when none). */
  debt: z.number().int(),
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
  method: z.enum(PAYOUT_METHODS),
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  /** The part of the held amount that paid a debt at approval. */
  netted: z.number().int(),
  /** Why it was rejected, as the admin wrote it (null unless rejected). */
  reason: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutSchema>;

/** A referral the programme does not trust (one person, one reward). */
export const referralFlagSchema = z.object({
  userId: z.string(),
  reason: z.enum(REFERRAL_FLAG_REASONS),
  relatedUserId: z.string().nullable(),
  at: z.string(),
});
export type ReferralFlagView = z.infer<typeof referralFlagSchema>;

/**
 * A payout on the admin list, with who asked for it, that influencer's debt and the flags on
 * their referrals, so the admin sees both before approving.
 */
export const adminPayoutSchema = payoutSchema.extend({
  influencerId: z.object({
    _id: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  debt: z.number().int(),
  flags: z.array(referralFlagSchema),
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

/** The payment details of an influencer's last request, offered again in the next one. */
export const savedPaymentDetailsSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  payeeName: z.string(),
  mobile: z.string(),
  bankName: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  upiId: z.string(),
});
export type SavedPaymentDetails = z.infer<typeof savedPaymentDetailsSchema>;
