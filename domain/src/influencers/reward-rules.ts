import { z } from 'zod';
import type { Command, Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import { type EventOf, eventCatalogue, type StoredEventOf } from '../core/event-catalogue';

/**
 * The partner programme's reward rules, as data an admin changes through events (stream
 * `reward-rules`), so the ledger's decider, the admin screen and the Influencer Kit all read the
 * same values. Each change carries the day it takes effect: a reward is priced by the rule in
 * force when its order was paid, so changing a rule never reprices what was already credited.
 *
 * - `first_review`: credited once per referred person, for their first paid resume review.
 * - `order_commission`: per paid from-scratch or rewrite order of a referred user. It stays
 *   *pending* while the order can still be refunded (SPEC §1: refunds only while an order is
 *   pending) and is *earned* when the order is completed; a refund before that cancels it.
 */
export const REWARD_RULE_KINDS = ['first_review', 'order_commission'] as const;
export type RewardRuleKind = (typeof REWARD_RULE_KINDS)[number];

/** The kit's promise (SPEC §9): ₹150–200 per successful from-scratch or rewrite order. */
export const COMMISSION_BOUNDS = { min: 150, max: 200 } as const;
/** A first-review reward is a token amount; the cap stops a typo paying thousands. */
export const FIRST_REVIEW_BOUNDS = { min: 1, max: 500 } as const;

/** One version of a rule, as its `RewardRuleChanged` event records it. */
export type RewardRuleVersion = RewardRuleChanged['data'];

/** Every version of every rule, oldest effective date first within a kind. */
export type RewardRules = readonly RewardRuleVersion[];

/** What applies when no admin has changed anything (SPEC §9 and the kit's lower bound). */
export const DEFAULT_REWARD_RULES: RewardRules = [
  { kind: 'first_review', amount: 50, effectiveFrom: '2000-01-01' },
  { kind: 'order_commission', amount: 150, effectiveFrom: '2000-01-01' },
];

/** The amount of `kind` in force at `at` (an ISO time): the latest version effective by then. */
export function rewardAmountAt(rules: RewardRules, kind: RewardRuleKind, at: string): number {
  const day = at.slice(0, 10);
  let chosen: RewardRuleVersion | undefined;
  for (const version of [...DEFAULT_REWARD_RULES, ...rules]) {
    if (version.kind !== kind || version.effectiveFrom > day) continue;
    // Later in the list wins a tie on the same day: it was decided later.
    if (chosen === undefined || version.effectiveFrom >= chosen.effectiveFrom) chosen = version;
  }
  // DEFAULT_REWARD_RULES start in 2000, so a version always exists for real dates.
  return chosen?.amount ?? 0;
}

/** The services whose paid orders earn the per-order commission (SPEC §9). */
export const COMMISSIONED_SERVICES = ['resume_from_scratch', 'resume_rewrite'] as const;

export const REWARD_RULE_MESSAGES = {
  commissionOutOfRange: `The commission must be between ₹${COMMISSION_BOUNDS.min} and ₹${COMMISSION_BOUNDS.max}.`,
  firstReviewOutOfRange: `The first-review reward must be between ₹${FIRST_REVIEW_BOUNDS.min} and ₹${FIRST_REVIEW_BOUNDS.max}.`,
  effectiveInPast: 'A rule can only take effect from today or a later day.',
  invalidDate: 'Enter the date as YYYY-MM-DD.',
} as const;

export const rewardRulesEvents = eventCatalogue({
  RewardRuleChanged: z.object({
    kind: z.enum(REWARD_RULE_KINDS),
    /** Whole rupees. */
    amount: z.number(),
    /** `YYYY-MM-DD` (UTC): orders paid on or after this day use this amount. */
    effectiveFrom: z.string(),
  }),
});
export type RewardRulesEvent = EventOf<typeof rewardRulesEvents>;
export type RewardRuleChanged = RewardRulesEvent;
export type StoredRewardRulesEvent = StoredEventOf<typeof rewardRulesEvents>;

export const REWARD_RULES_STREAM = 'reward-rules';

export type ChangeRewardRule = Command<'ChangeRewardRule', RewardRuleChanged['data']>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(day: string): boolean {
  if (!ISO_DAY.test(day)) return false;
  const parsed = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

export function rewardRuleBounds(kind: RewardRuleKind): { min: number; max: number } {
  return kind === 'order_commission' ? COMMISSION_BOUNDS : FIRST_REVIEW_BOUNDS;
}

/**
 * The rules' decider: a change is in whole rupees within its bounds and takes effect today or
 * later (an earlier day would reprice rewards already credited). State is the list of versions.
 */
export const rewardRulesDecider: Decider<RewardRules, ChangeRewardRule, RewardRulesEvent> = {
  catalogue: rewardRulesEvents,
  initialState: (): RewardRules => [],
  evolve(state: RewardRules, event: RewardRulesEvent): RewardRules {
    return [...state, event.data];
  },
  decide(command: ChangeRewardRule, _state: RewardRules): RewardRulesEvent[] {
    const { kind, amount, effectiveFrom } = command.data;
    const bounds = rewardRuleBounds(kind);
    if (!Number.isInteger(amount) || amount < bounds.min || amount > bounds.max) {
      throw new DomainError(
        'invalid',
        kind === 'order_commission'
          ? REWARD_RULE_MESSAGES.commissionOutOfRange
          : REWARD_RULE_MESSAGES.firstReviewOutOfRange,
      );
    }
    if (!validDay(effectiveFrom))
      throw new DomainError('invalid', REWARD_RULE_MESSAGES.invalidDate);
    if (effectiveFrom < command.metadata.now.slice(0, 10)) {
      throw new DomainError('invalid', REWARD_RULE_MESSAGES.effectiveInPast);
    }
    return [{ type: 'RewardRuleChanged', data: { kind, amount, effectiveFrom } }];
  },
};
