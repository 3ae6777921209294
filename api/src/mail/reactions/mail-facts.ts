import {
  accountEvents,
  type Currency,
  decodeEvent,
  type EventCatalogue,
  influencerLedgerEvents,
  influencerQueryEvents,
  influencerQueryStreamName,
  influencerStreamName,
  mailPreferencesEvents,
  mailPreferencesStreamName,
  orderEvents,
  orderStreamName,
  type StoredEventOf,
  userStreamName,
} from '@shortlist/domain';
import type { EventStore } from '@shortlist/eventstore';

/**
 * What a mail needs to know about its order, person or payout, read from their streams (not
 * from read models, which may lag the event being handled, nor hold the sealed e-mail).
 * Personal fields read as null once erased: an erased person gets no mail.
 */

export interface OrderFacts {
  orderId: string;
  userId: string;
  /** null once the order's or the account's personal data is erased. */
  email: string | null;
  name: string | null;
  planName: string;
  amount: number;
  currency: Currency;
  paid: boolean;
  /** Deleted, expired or erased: no more mail about it. */
  gone: boolean;
  /** The first suggestions saved: later saves are the admin's edits, not news. */
  firstSuggestionsEventId: string | null;
}

export interface InfluencerFacts {
  influencerId: string;
  email: string | null;
  name: string | null;
  removed: boolean;
  /** What each payout request held, so approved/paid mails can say the amount. */
  payoutAmounts: ReadonlyMap<string, number>;
}

export interface MailFacts {
  order(orderId: string): Promise<OrderFacts | null>;
  influencer(influencerId: string): Promise<InfluencerFacts | null>;
  /** The influencer who opened a query, and its subject. */
  influencerQuery(queryId: string): Promise<{ influencerId: string; subject: string } | null>;
  remindersUnsubscribed(userId: string): Promise<boolean>;
}

export function createMailFacts(store: EventStore): MailFacts {
  async function history<C extends EventCatalogue>(
    catalogue: C,
    streamName: string,
  ): Promise<(StoredEventOf<C> & { id: string; recordedAt: string })[]> {
    const { events } = await store.readStream(streamName);
    return events.flatMap((event) => {
      const decoded = decodeEvent([catalogue] as const, event);
      if (decoded.kind !== 'decoded') return [];
      return [{ ...decoded.event, id: event.id, recordedAt: event.recordedAt }];
    });
  }

  return {
    async order(orderId) {
      let facts: OrderFacts | null = null;
      for (const event of await history(orderEvents, orderStreamName(orderId))) {
        if (event.type === 'OrderPlaced') {
          const { data } = event;
          facts = {
            orderId,
            userId: data.userId,
            email: data.userEmail,
            name: null,
            planName: data.planName,
            amount: data.amount,
            currency: data.currency,
            paid: false,
            gone: false,
            firstSuggestionsEventId: null,
          };
        } else if (facts !== null) {
          applyOrderEvent(facts, event);
          if (event.type === 'ReviewSuggestionsSaved') facts.firstSuggestionsEventId ??= event.id;
        }
      }
      if (facts === null) return null;
      for (const event of await history(accountEvents, userStreamName(facts.userId))) {
        if (event.type === 'UserRegistered') facts.name = event.data.name;
        if (event.type === 'UserErased') {
          facts.email = null;
          facts.name = null;
        }
      }
      return facts;
    },

    async influencer(influencerId) {
      let facts: InfluencerFacts | null = null;
      const payoutAmounts = new Map<string, number>();
      for (const event of await history(
        influencerLedgerEvents,
        influencerStreamName(influencerId),
      )) {
        if (event.type === 'InfluencerCreated') {
          facts = {
            influencerId,
            email: event.data.email,
            name: event.data.name,
            removed: false,
            payoutAmounts,
          };
        } else if (event.type === 'InfluencerRemoved' && facts !== null) {
          (facts as InfluencerFacts).removed = true;
        } else if (event.type === 'PayoutRequested') {
          payoutAmounts.set(event.data.payoutId, event.data.amount);
        }
      }
      return facts;
    },

    async influencerQuery(queryId) {
      for (const event of await history(
        influencerQueryEvents,
        influencerQueryStreamName(queryId),
      )) {
        if (event.type === 'InfluencerQueryOpened') {
          return { influencerId: event.data.influencerId, subject: event.data.subject };
        }
      }
      return null;
    },

    async remindersUnsubscribed(userId) {
      const events = await history(mailPreferencesEvents, mailPreferencesStreamName(userId));
      return events.some((event) => event.type === 'RemindersUnsubscribed');
    },
  };
}

function applyOrderEvent(facts: OrderFacts, event: StoredEventOf<typeof orderEvents>): void {
  if (event.type === 'OrderCurrencyChanged') {
    facts.amount = event.data.amount;
    facts.currency = event.data.currency;
  } else if (event.type === 'OrderPaid') {
    facts.paid = true;
  } else if (event.type === 'OrderDeleted' || event.type === 'OrderDataErased') {
    facts.gone = true;
  }
}
