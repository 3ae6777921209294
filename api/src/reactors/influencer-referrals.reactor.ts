import { createHash } from 'node:crypto';
import {
  accountEvents,
  attributionEmail,
  type CommandMetadata,
  DomainError,
  decodeEvent,
  type InfluencerLedgerCommand,
  influencerLedgerDecider,
  influencerStreamName,
  orderEvents,
  orderStreamName,
  paymentEvents,
  paymentStreamName,
  REFERRAL_REWARD_TRIGGERS,
  REWARD_RULES_STREAM,
  type ReferralLedgerInstruction,
  type ReferralRewardsEvent,
  referralRewardsWorkflow,
  rewardRulesEvents,
  userStreamName,
} from '@shortlist/domain';
import type { EventStore, RecordedEvent } from '@shortlist/eventstore';
import { type Logger, type Reactor, typedReactor } from '@shortlist/projections';
import { deterministicEventId } from '../commands/deterministic-event-id';
import { handleCommand } from '../commands/handle-command';

export const INFLUENCER_REFERRALS_REACTOR = 'influencer-referrals';

const READS = [accountEvents, orderEvents] as const;
const HISTORY = [accountEvents, orderEvents, paymentEvents, rewardRulesEvents] as const;

/**
 * The referral programme's process manager (ARCHITECTURE.md "Policies"), run as a reactor. The
 * rule itself is the domain's pure `referralRewardsWorkflow`; this reactor loads what it needs,
 * calls it and dispatches. One reactor, so its reactions share one checkpoint and see events in global order:
 * a registration is always recorded on the ledger before that user's first paid order is looked
 * at. It reads the order and user streams rather than read models, which may lag the event being
 * handled. Every command carries deterministic event ids keyed by what makes it unique.
 */
export function influencerReferralsReactor(deps: { store: EventStore; logger: Logger }): Reactor {
  const { store, logger } = deps;

  /** A stream's events the workflow folds; one that does not decode is left out. */
  async function historyOf(streamName: string): Promise<ReferralRewardsEvent[]> {
    const { events } = await store.readStream(streamName);
    return events.flatMap((event) => {
      const decoded = decodeEvent(HISTORY, event);
      return decoded.kind === 'decoded' ? [decoded.event] : [];
    });
  }

  /**
   * The reward rules, the trigger's order, and the registration of the user who placed it; for a
   * payment, the order's payment stream too (which instrument paid). The rules are read as they
   * stand when the trigger is handled; each version carries the day it takes effect, and the
   * ledger prices by the trigger's own time, so a re-run prices alike. The payment was recorded
   * before the order was marked paid (record-captured-payment.ts), so it is always there.
   */
  async function historyFor(event: ReferralRewardsEvent): Promise<ReferralRewardsEvent[]> {
    if (
      event.type !== 'OrderPaid' &&
      event.type !== 'OrderRefunded' &&
      event.type !== 'OrderStatusChanged'
    ) {
      return [];
    }
    const paid = event.type === 'OrderPaid';
    const rules = paid ? await historyOf(REWARD_RULES_STREAM) : [];
    const payment = paid ? await historyOf(paymentStreamName(event.data.orderId)) : [];
    const order = [...(await historyOf(orderStreamName(event.data.orderId))), ...payment];
    for (const stored of order) {
      if (stored.type === 'OrderPlaced') {
        return [...rules, ...(await historyOf(userStreamName(stored.data.userId))), ...order];
      }
    }
    return [...rules, ...order];
  }

  /** Runs one ledger command; a rule's refusal is final, so it is logged and not retried. */
  async function dispatch(
    trigger: RecordedEvent,
    instruction: ReferralLedgerInstruction,
  ): Promise<void> {
    const { influencerId, key } = instruction;
    const command: InfluencerLedgerCommand =
      instruction.command.type === 'RegisterReferral'
        ? {
            type: 'RegisterReferral',
            data: {
              ...instruction.command.data,
              personKey: personKeyOf(instruction.command.data.userEmail),
            },
            metadata: metadataFor(trigger),
          }
        : { ...instruction.command, metadata: metadataFor(trigger) };
    try {
      await handleCommand({
        store,
        streamName: influencerStreamName(influencerId),
        decider: influencerLedgerDecider,
        command,
        // The namespace keeps the word of the first release: the ids of events already stored
        // were derived from it, and a re-run must derive the same ones.
        eventIds: (index) => deterministicEventId(`policy:${command.type}`, `${key}:${index}`),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Removed or unknown influencer, a user the ledger never recorded: nothing to do.
      logger.info(
        {
          reactor: INFLUENCER_REFERRALS_REACTOR,
          event: trigger.id,
          influencerId,
          reason: error.message,
        },
        `${command.type} refused by the ledger; skipped`,
      );
    }
  }

  return typedReactor({
    name: INFLUENCER_REFERRALS_REACTOR,
    reads: READS,
    triggers: REFERRAL_REWARD_TRIGGERS,
    logger,
    async handle(event) {
      const { recorded, ...trigger } = event;
      const history = await historyFor(trigger);
      const state = history.reduce(
        referralRewardsWorkflow.evolve,
        referralRewardsWorkflow.initialState(),
      );
      for (const instruction of referralRewardsWorkflow.decide(trigger, state)) {
        await dispatch(recorded, instruction);
      }
    },
  });
}

/**
 * Caused by the event; timed at the event, so a re-run decides exactly as the first run did
 * (ReferralRegistered.at is the registration's own time).
 */
function metadataFor(event: RecordedEvent): CommandMetadata {
  const { correlationId, at } = event.metadata;
  return {
    actor: `system:${INFLUENCER_REFERRALS_REACTOR}`,
    correlationId: typeof correlationId === 'string' ? correlationId : event.id,
    causationId: event.id,
    now: typeof at === 'string' ? at : event.recordedAt,
  };
}

/**
 * Who the person behind an e-mail is, for "one person, one referral": a hash of the attribution
 * e-mail (case, +tags and Gmail dots folded), so the influencer's stream never holds a referred
 * user's address, which is erased with that user. Null when the e-mail is already erased.
 */
function personKeyOf(email: string | null): string | null {
  if (email === null) return null;
  return createHash('sha256')
    .update(`person:${attributionEmail(email)}`)
    .digest('hex');
}
