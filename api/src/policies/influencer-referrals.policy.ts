import {
  type CommandMetadata,
  DomainError,
  fold,
  type InfluencerLedgerCommand,
  influencerLedgerDecider,
  influencerStreamName,
  type OrderEvent,
  orderDecider,
  orderStreamName,
  userStreamName,
} from '@shortlist/domain';
import type { EventStore, RecordedEvent } from '@shortlist/eventstore';
import { z } from 'zod';
import { deterministicEventId } from '../commands/deterministic-event-id';
import { handleCommand } from '../commands/handle-command';
import type { Policy, PolicyLogger } from './policy';

export const INFLUENCER_REFERRALS_POLICY = 'influencer-referrals';

/**
 * The referral programme's process manager (ARCHITECTURE.md "Policies"), three reactions in one
 * policy so they share one checkpoint and see events in global order: a registration is always
 * recorded on the ledger before that user's first paid order is looked at.
 *
 * (a) UserRegistered with a referral → ReferralRegistered on the influencer's ledger;
 * (b) OrderPaid of a resume_review order of a referred user → ReferralRewardCredited, once per
 *     user (the ledger refuses a second reward; the event id is derived from the user, so even
 *     two racing deliveries append one event);
 * (c) OrderRefunded of the rewarding order → ReferralRewardClawedBack.
 *
 * It reads the order and user streams rather than read models, which may lag the event being
 * handled. Every command carries deterministic event ids keyed by what makes it unique.
 */
export function influencerReferralsPolicy(deps: {
  store: EventStore;
  logger: PolicyLogger;
}): Policy {
  const { store, logger } = deps;

  async function referralOf(userId: string) {
    const { events } = await store.readStream(userStreamName(userId));
    const registered = events.find((event) => event.type === 'UserRegistered');
    if (registered === undefined) return null;
    const parsed = registrationSchema.safeParse(registered.data);
    return parsed.success ? parsed.data : null;
  }

  async function orderOf(orderId: string) {
    const { events } = await store.readStream(orderStreamName(orderId));
    const state = fold(orderDecider, events.map(toOrderEvent));
    return state.kind === 'placed' ? state : null;
  }

  /** Runs one ledger command; a rule's refusal is final, so it is logged and not retried. */
  async function onLedger(
    trigger: RecordedEvent,
    influencerId: string,
    command: InfluencerLedgerCommand,
    key: string,
  ): Promise<void> {
    try {
      await handleCommand({
        store,
        streamName: influencerStreamName(influencerId),
        decider: influencerLedgerDecider,
        command,
        eventIds: (index) => deterministicEventId(`policy:${command.type}`, `${key}:${index}`),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // Removed or unknown influencer, a user the ledger never recorded: nothing to do.
      logger.info(
        {
          policy: INFLUENCER_REFERRALS_POLICY,
          event: trigger.id,
          influencerId,
          reason: error.message,
        },
        `${command.type} refused by the ledger; skipped`,
      );
    }
  }

  return {
    name: INFLUENCER_REFERRALS_POLICY,
    handles: ['UserRegistered', 'OrderPaid', 'OrderRefunded'],
    async handle(event) {
      const metadata = metadataFor(event);
      if (event.type === 'UserRegistered') {
        const registration = registrationSchema.safeParse(event.data);
        if (!registration.success || registration.data.referral === null) return;
        const { userId, email, referral } = registration.data;
        await onLedger(
          event,
          referral.influencerId,
          { type: 'RegisterReferral', data: { userId, userEmail: email }, metadata },
          userId,
        );
        return;
      }
      const orderId = orderIdSchema.safeParse(event.data);
      if (!orderId.success) return;
      const order = await orderOf(orderId.data.orderId);
      if (order === null) return;
      if (event.type === 'OrderPaid' && order.service !== 'resume_review') return;
      const user = await referralOf(order.userId);
      if (user === null || user.referral === null) return;
      const ids = { userId: order.userId, orderId: order.orderId };
      if (event.type === 'OrderPaid') {
        // Keyed by the user: at most one reward event per referred user, whatever the order.
        await onLedger(
          event,
          user.referral.influencerId,
          { type: 'CreditReferralReward', data: ids, metadata },
          order.userId,
        );
      } else {
        await onLedger(
          event,
          user.referral.influencerId,
          { type: 'ClawBackReferralReward', data: ids, metadata },
          order.orderId,
        );
      }
    },
  };
}

const registrationSchema = z.object({
  userId: z.string().min(1),
  // null once the user's key is erased (crypto-shredding).
  email: z.string().nullable().catch(null),
  referral: z
    .object({ influencerId: z.string().min(1), referralCode: z.string() })
    .nullable()
    .catch(null),
});

const orderIdSchema = z.object({ orderId: z.string().min(1) });

/**
 * Caused by the event; timed at the event, so a re-run decides exactly as the first run did
 * (ReferralRegistered.at is the registration's own time).
 */
function metadataFor(event: RecordedEvent): CommandMetadata {
  const { correlationId, at } = event.metadata;
  return {
    actor: `system:${INFLUENCER_REFERRALS_POLICY}`,
    correlationId: typeof correlationId === 'string' ? correlationId : event.id,
    causationId: event.id,
    now: typeof at === 'string' ? at : event.recordedAt,
  };
}

// The order stream holds only the order decider's own events; the store knows only JSON.
function toOrderEvent(event: RecordedEvent): OrderEvent {
  return { type: event.type, data: event.data } as OrderEvent;
}
