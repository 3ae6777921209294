import { z } from 'zod';
import { REWARD_RULE_KINDS } from '../../index';
import { defineRoute } from './route';

/** One version of a reward rule (reward-rules.ts): its amount from a day on. */
export const rewardRuleVersionSchema = z.object({
  kind: z.enum(REWARD_RULE_KINDS),
  amount: z.number().int(),
  effectiveFrom: z.string(),
});

/** What a referral earns today, and changes already decided for later days. */
export const rewardRulesViewSchema = z.object({
  firstReview: z.number().int(),
  orderCommission: z.number().int(),
  upcoming: z.array(rewardRuleVersionSchema),
});
export type RewardRulesView = z.infer<typeof rewardRulesViewSchema>;

/** GET /reward-rules: the amounts the Influencer Kit promises, from the rules the ledger uses. */
export const getRewardRulesRoute = defineRoute({
  method: 'GET',
  path: '/reward-rules',
  audience: 'public',
  summary: 'What a referral earns today, and changes decided for later days',
  response: rewardRulesViewSchema.extend({ ok: z.literal(true) }),
});

export const rewardRuleChangeSchema = rewardRuleVersionSchema.extend({
  /** When the admin decided it (ISO-8601), and who. */
  changedAt: z.string(),
  changedBy: z.string(),
});

/** GET /admin/reward-rules: the rules in force and every change, newest first. */
export const getAdminRewardRulesRoute = defineRoute({
  method: 'GET',
  path: '/admin/reward-rules',
  audience: 'admin',
  summary: 'Read the reward rules and their history',
  response: rewardRulesViewSchema.extend({
    ok: z.literal(true),
    history: z.array(rewardRuleChangeSchema),
  }),
});

/** POST /admin/reward-rules: a new amount for a rule, from a day on (today or later). */
export const changeRewardRuleRoute = defineRoute({
  method: 'POST',
  path: '/admin/reward-rules',
  audience: 'admin',
  summary: 'Change a reward rule from a day on',
  body: z.object({
    kind: z.enum(REWARD_RULE_KINDS),
    amount: z.number().int().min(0).max(100_000),
    effectiveFrom: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date as YYYY-MM-DD.'),
  }),
  response: rewardRulesViewSchema.extend({
    ok: z.literal(true),
    message: z.string(),
    history: z.array(rewardRuleChangeSchema),
  }),
});
