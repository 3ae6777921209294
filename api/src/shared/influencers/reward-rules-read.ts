import {
  decodeEvent,
  REWARD_RULES_STREAM,
  type RewardRules,
  rewardAmountAt,
  rewardRulesEvents,
} from '@shortlist/domain';
import type { RewardRulesView } from '@shortlist/domain/contract';
import type { EventStore } from '@shortlist/eventstore';

export interface RewardRuleChange {
  kind: RewardRules[number]['kind'];
  amount: number;
  effectiveFrom: string;
  changedAt: string;
  changedBy: string;
}

/**
 * Every change of the reward rules, oldest first. Read from the `reward-rules` stream itself,
 * not a read model: it holds a handful of admin decisions, and the ledger's policy prices
 * rewards from the same stream, so the kit and the admin screen can never show other values.
 */
export async function rewardRuleChanges(store: EventStore): Promise<RewardRuleChange[]> {
  const { events } = await store.readStream(REWARD_RULES_STREAM);
  return events.flatMap((event) => {
    const decoded = decodeEvent([rewardRulesEvents], event);
    if (decoded.kind !== 'decoded') return [];
    const { at, actor } = event.metadata;
    return [
      {
        ...decoded.event.data,
        changedAt: typeof at === 'string' ? at : event.recordedAt,
        changedBy: typeof actor === 'string' ? actor : 'unknown',
      },
    ];
  });
}

/** What a referral earns at `now`, and the changes decided for later days. */
export function rewardRulesView(
  changes: readonly RewardRuleChange[],
  now: string,
): RewardRulesView {
  const rules: RewardRules = changes.map(({ kind, amount, effectiveFrom }) => ({
    kind,
    amount,
    effectiveFrom,
  }));
  const today = now.slice(0, 10);
  return {
    firstReview: rewardAmountAt(rules, 'first_review', now),
    orderCommission: rewardAmountAt(rules, 'order_commission', now),
    upcoming: rules.filter((rule) => rule.effectiveFrom > today),
  };
}
