import {
  type influencerLedgerEvents,
  type influencerQueryEvents,
  isFree,
  type orderEvents,
} from '@shortlist/domain';
import type { ReactedEvent } from '@shortlist/projections';
import type { MailData, MailKind } from '../templates/mail-catalogue';
import type { InfluencerFacts, MailFacts, OrderFacts } from './mail-facts';
import type { MailLinks } from './mail-links';
import { type PlannedMail, plannedMail } from './planned-mail';

export type MailTriggerEvent = ReactedEvent<
  typeof orderEvents | typeof influencerLedgerEvents | typeof influencerQueryEvents
>;

/** What a reaction can ask for: the mail's recipient found from the event's order or person. */
export interface MailPlanner {
  links: MailLinks;
  facts: MailFacts;
  /** To the customer of the order; `data` answers null to send nothing. */
  customer<K extends MailKind>(
    orderId: string,
    kind: K,
    data: (order: OrderFacts & { email: string }) => MailData<K> | null,
  ): Promise<PlannedMail[]>;
  influencer<K extends MailKind>(
    influencerId: string,
    kind: K,
    data: (influencer: InfluencerFacts & { email: string }) => MailData<K>,
  ): Promise<PlannedMail[]>;
  /** To every admin account (and ADMIN_EMAIL). */
  admins<K extends MailKind>(kind: K, data: MailData<K>): Promise<PlannedMail[]>;
}

type Reaction<E> = (event: E, mail: MailPlanner) => Promise<PlannedMail[]>;

export type MailReactions = {
  [T in MailTriggerEvent['type']]?: Reaction<Extract<MailTriggerEvent, { type: T }>>;
};

/**
 * Which event sends which mail: one line each. A new mail is a template in
 * templates/mail-catalogue.ts plus a line here; the reactor subscribes to these types.
 */
export const MAIL_REACTIONS: MailReactions = {
  OrderPlaced: (event, mail) =>
    mail.customer(event.data.orderId, 'order-placed', (order) =>
      // A free order needs no payment; one paid before this ran needs no "awaiting payment".
      isFree(order.amount) || order.paid
        ? null
        : {
            ...orderBasics(order),
            amount: order.amount,
            currency: order.currency,
            checkoutUrl: mail.links.checkout(order.orderId),
          },
    ),
  OrderPaid: async (event, mail) => [
    ...(await mail.customer(event.data.orderId, 'payment-receipt', (order) => ({
      ...orderBasics(order),
      amount: event.data.amount,
      currency: event.data.currency,
      receiptUrl: mail.links.orders(),
    }))),
    ...(await adminOrderPaid(event, mail)),
  ],
  OrderStatusChanged: (event, mail) => {
    if (event.data.to === 'processing' && event.data.from === 'pending') {
      return mail.customer(event.data.orderId, 'work-started', (order) => ({
        ...orderBasics(order),
        orderUrl: mail.links.orders(),
      }));
    }
    if (event.data.to === 'completed') {
      return mail.customer(event.data.orderId, 'order-completed', (order) => ({
        ...orderBasics(order),
        orderUrl: mail.links.orders(),
      }));
    }
    return Promise.resolve([]);
  },
  DeliveryAttached: (event, mail) =>
    mail.customer(event.data.orderId, 'delivery-ready', (order) =>
      event.data.filename === null
        ? null
        : { ...orderBasics(order), filename: event.data.filename, orderUrl: mail.links.orders() },
    ),
  ReviewSuggestionsSaved: (event, mail) =>
    mail.customer(event.data.orderId, 'suggestions-ready', (order) =>
      // Saved again is the admin editing them: the customer heard the first time.
      order.firstSuggestionsEventId !== event.recorded.id
        ? null
        : { ...orderBasics(order), orderUrl: mail.links.orders() },
    ),
  OrderRefunded: (event, mail) =>
    mail.customer(event.data.orderId, 'order-refunded', (order) => ({
      ...orderBasics(order),
      amount: event.data.amount,
      currency: event.data.currency,
    })),
  ReferralRewardCredited: (event, mail) =>
    mail.influencer(event.data.influencerId, 'reward-credited', (person) => ({
      ...personBasics(person, mail),
      amount: event.data.amount,
    })),
  ReferralRewardClawedBack: (event, mail) =>
    mail.influencer(event.data.influencerId, 'reward-clawed-back', (person) => ({
      ...personBasics(person, mail),
      amount: event.data.amount,
      shortfall: event.data.shortfall,
    })),
  // A per-order commission is money earned or taken back like a first-review reward: same mails.
  CommissionEarned: (event, mail) =>
    mail.influencer(event.data.influencerId, 'reward-credited', (person) => ({
      ...personBasics(person, mail),
      amount: event.data.amount,
    })),
  CommissionClawedBack: (event, mail) =>
    mail.influencer(event.data.influencerId, 'reward-clawed-back', (person) => ({
      ...personBasics(person, mail),
      amount: event.data.amount,
      shortfall: 0,
    })),
  PayoutApproved: (event, mail) =>
    mail.influencer(event.data.influencerId, 'payout-approved', (person) => ({
      ...payoutBasics(person, mail, event.data.payoutId),
    })),
  PayoutPaid: (event, mail) =>
    mail.influencer(event.data.influencerId, 'payout-paid', (person) => ({
      ...payoutBasics(person, mail, event.data.payoutId),
      txnId: event.data.txnId,
    })),
  PayoutRejected: (event, mail) =>
    mail.influencer(event.data.influencerId, 'payout-rejected', (person) => ({
      ...payoutBasics(person, mail, event.data.payoutId),
      amount: event.data.amount,
      // Older rejections carry no reason (the schema reads it as '').
      reason: event.data.reason.trim() === '' ? null : event.data.reason.trim(),
    })),
  InfluencerQueryReplied: async (event, mail) => {
    const query = await mail.facts.influencerQuery(event.data.queryId);
    if (query === null) return [];
    return mail.influencer(query.influencerId, 'influencer-query-reply', (person) => ({
      ...personBasics(person, mail),
      subject: query.subject,
      reply: event.data.reply,
      queriesUrl: mail.links.influencerQueries(),
    }));
  },
};

function orderBasics(order: OrderFacts) {
  return { name: order.name, orderId: order.orderId, planName: order.planName };
}

function personBasics(person: InfluencerFacts, mail: MailPlanner) {
  return { name: person.name, dashboardUrl: mail.links.influencerDashboard() };
}

function payoutBasics(person: InfluencerFacts, mail: MailPlanner, payoutId: string) {
  return {
    name: person.name,
    dashboardUrl: mail.links.influencerPayouts(),
    payoutId,
    amount: person.payoutAmounts.get(payoutId) ?? null,
  };
}

async function adminOrderPaid(
  event: Extract<MailTriggerEvent, { type: 'OrderPaid' }>,
  mail: MailPlanner,
): Promise<PlannedMail[]> {
  const order = await mail.facts.order(event.data.orderId);
  if (order === null) return [];
  return mail.admins('admin-order-paid', {
    orderId: order.orderId,
    planName: order.planName,
    amount: event.data.amount,
    currency: event.data.currency,
    // Staff see the customer's address in the admin app already; null once erased.
    customerEmail: order.email ?? 'erased',
    ordersUrl: mail.links.adminOrders(),
  });
}

export { plannedMail };
