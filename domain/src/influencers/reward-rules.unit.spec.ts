import { describe, expect, it } from 'vitest';
import type { CommandMetadata } from '../core/decider';
import { DeciderSpecification } from '../core/decider-spec';
import {
  type ChangeRewardRule,
  DEFAULT_REWARD_RULES,
  REWARD_RULE_MESSAGES,
  rewardAmountAt,
  rewardRulesDecider,
} from './reward-rules';

const metadata: CommandMetadata = {
  actor: 'admin:a1',
  correlationId: 'c',
  causationId: null,
  now: '2026-11-22T10:00:00.000Z',
};
const change = (data: ChangeRewardRule['data']): ChangeRewardRule => ({
  type: 'ChangeRewardRule',
  data,
  metadata,
});
const spec = DeciderSpecification.for(rewardRulesDecider);

describe('reward rules', () => {
  it('default to ₹50 per first review and ₹150 per order', () => {
    expect(rewardAmountAt([], 'first_review', metadata.now)).toBe(50);
    expect(rewardAmountAt([], 'order_commission', metadata.now)).toBe(150);
    expect(DEFAULT_REWARD_RULES).toHaveLength(2);
  });

  it('apply the version in force on the day; a later decision wins the same day', () => {
    const rules = [
      { kind: 'order_commission' as const, amount: 180, effectiveFrom: '2026-12-01' },
      { kind: 'order_commission' as const, amount: 200, effectiveFrom: '2027-01-01' },
      { kind: 'order_commission' as const, amount: 190, effectiveFrom: '2027-01-01' },
    ];
    expect(rewardAmountAt(rules, 'order_commission', '2026-11-30T23:00:00.000Z')).toBe(150);
    expect(rewardAmountAt(rules, 'order_commission', '2026-12-15T00:00:00.000Z')).toBe(180);
    expect(rewardAmountAt(rules, 'order_commission', '2027-02-01T00:00:00.000Z')).toBe(190);
    expect(rewardAmountAt(rules, 'first_review', '2027-02-01T00:00:00.000Z')).toBe(50);
  });

  it('accept a commission within the kit’s ₹150–200 from today on', () => {
    const data = { kind: 'order_commission' as const, amount: 175, effectiveFrom: '2026-11-22' };
    spec
      .given([])
      .when(change(data))
      .then([{ type: 'RewardRuleChanged', data }]);
  });

  it('refuse amounts out of bounds, bad dates and dates in the past', () => {
    spec
      .given([])
      .when(change({ kind: 'order_commission', amount: 149, effectiveFrom: '2026-12-01' }))
      .thenThrows('invalid', REWARD_RULE_MESSAGES.commissionOutOfRange);
    spec
      .given([])
      .when(change({ kind: 'order_commission', amount: 175.5, effectiveFrom: '2026-12-01' }))
      .thenThrows('invalid', REWARD_RULE_MESSAGES.commissionOutOfRange);
    spec
      .given([])
      .when(change({ kind: 'first_review', amount: 0, effectiveFrom: '2026-12-01' }))
      .thenThrows('invalid', REWARD_RULE_MESSAGES.firstReviewOutOfRange);
    spec
      .given([])
      .when(change({ kind: 'first_review', amount: 60, effectiveFrom: '2026-02-30' }))
      .thenThrows('invalid', REWARD_RULE_MESSAGES.invalidDate);
    spec
      .given([])
      .when(change({ kind: 'first_review', amount: 60, effectiveFrom: '2026-11-21' }))
      .thenThrows('invalid', REWARD_RULE_MESSAGES.effectiveInPast);
  });
});
