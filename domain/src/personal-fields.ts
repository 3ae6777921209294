import { accountEvents } from './accounts/account.events';
import { emailReservationEvents } from './accounts/email-reservation.events';
import { queryEvents } from './contact/query.events';
import { type EventCatalogue, personalFieldsOfCatalogues } from './core/event-catalogue';
import { influencerLedgerEvents } from './influencers/influencer-ledger.events';
import { influencerQueryEvents } from './influencers/influencer-query.events';
import { influencerReservationEvents } from './influencers/influencer-reservation.events';
import { referralClickEvents } from './influencers/referral-clicks';
import { rewardRulesEvents } from './influencers/reward-rules';
import { mailPreferencesEvents } from './mail-preferences/mail-preferences.events';
import { orderEvents } from './orders/order.events';
import { paymentEvents } from './payments/payment.events';

/** Every aggregate's event catalogue: every event type the store may hold. */
export const EVENT_CATALOGUES: readonly EventCatalogue[] = [
  accountEvents,
  emailReservationEvents,
  queryEvents,
  orderEvents,
  paymentEvents,
  influencerLedgerEvents,
  influencerQueryEvents,
  influencerReservationEvents,
  referralClickEvents,
  rewardRulesEvents,
  mailPreferencesEvents,
];

/**
 * Which event fields hold personal data (ARCHITECTURE.md "Personal data and the audit trail").
 * The event store encrypts these fields with a key per stream before they are written; erasing a
 * stream's key leaves the events replayable while these fields read as null ("crypto-shredding").
 * Derived from the `personal(…)` brand on the fields of every event catalogue: branding a field
 * in its catalogue is the whole decision, and nothing else in the code chooses what to encrypt.
 * Only top-level fields of an event's data are named; a branded object is encrypted whole.
 */
export const PERSONAL_FIELDS: Readonly<Record<string, readonly string[]>> =
  personalFieldsOfCatalogues(EVENT_CATALOGUES);

export function personalFieldsOf(eventType: string): readonly string[] {
  return PERSONAL_FIELDS[eventType] ?? [];
}
