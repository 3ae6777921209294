import {
  influencerLedgerEvents,
  influencerQueryEvents,
  isFree,
  orderEvents,
} from '@shortlist/domain';
import type { EventStore, RecordedEvent } from '@shortlist/eventstore';
import { type Logger, type Reactor, typedReactor } from '@shortlist/projections';
import { deterministicEventId } from '../../commands/deterministic-event-id';
import type { JobQueue } from '../../queue/job-queue.port';
import { enqueueMail } from '../mail-job';
import type { MailKind } from '../templates/mail-catalogue';
import { createMailFacts } from './mail-facts';
import { mailLinks } from './mail-links';
import { MAIL_REACTIONS, type MailPlanner, type MailTriggerEvent } from './mail-reactions';
import { plannedMail } from './planned-mail';
import { reminderDelayMs, scheduleUnpaidReminder } from './unpaid-reminder';

export const MAIL_REACTOR = 'mail';

const READS = [orderEvents, influencerLedgerEvents, influencerQueryEvents] as const;

/**
 * Mail about something that happened longer ago than this is not sent: news two days late is
 * noise, and a mail reactor started on an existing history (a first deployment of it, a
 * checkpoint reset) must not mail everyone about their past.
 */
export const MAIL_MAX_EVENT_AGE_MS = 2 * 24 * 3600 * 1000;

export interface MailReactorDeps {
  store: EventStore;
  queue: JobQueue;
  logger: Logger;
  publicOrigin: string;
  unpaidReminderSeconds: number;
  /** Every admin's address (admin accounts and ADMIN_EMAIL). */
  adminEmails(): Promise<string[]>;
  now?: () => number;
}

/**
 * The mail reactor (ARCHITECTURE.md: mail is a reaction to events, never sent from a route).
 * For each event MAIL_REACTIONS maps, it finds the recipients from the streams, renders each
 * mail and queues it. A mail's id, which is also its queue key, its Message-ID and its
 * delivery record, derives from the event's id, the kind and the recipient: handling the same
 * event again (a redelivery, a replay from zero, a second instance) sends nothing twice.
 */
export function mailReactor(deps: MailReactorDeps): Reactor {
  const facts = createMailFacts(deps.store);
  const links = mailLinks(deps.publicOrigin);
  const now = deps.now ?? Date.now;

  const planner: MailPlanner = {
    links,
    facts,
    async customer(orderId, kind, data) {
      const order = await facts.order(orderId);
      if (order === null || order.gone || order.email === null) return [];
      const mailData = data({ ...order, email: order.email });
      return mailData === null ? [] : [plannedMail(kind, order.email, mailData)];
    },
    async influencer(influencerId, kind, data) {
      const person = await facts.influencer(influencerId);
      if (person === null || person.removed || person.email === null) return [];
      return [plannedMail(kind, person.email, data({ ...person, email: person.email }))];
    },
    async admins(kind, data) {
      const emails = [...new Set((await deps.adminEmails()).map((email) => email.toLowerCase()))];
      return emails.map((email) => plannedMail(kind, email, data));
    },
  };

  return typedReactor({
    name: MAIL_REACTOR,
    reads: READS,
    triggers: Object.keys(MAIL_REACTIONS),
    logger: deps.logger,
    async handle(event) {
      const { recorded } = event;
      if (now() - Date.parse(eventTime(recorded)) > MAIL_MAX_EVENT_AGE_MS) return;
      const react = MAIL_REACTIONS[event.type] as
        | ((event: MailTriggerEvent, mail: MailPlanner) => ReturnType<typeof planner.admins>)
        | undefined;
      for (const mail of (await react?.(event, planner)) ?? []) {
        await enqueueMail(deps.queue, await mail.render(mailIdFor(mail.kind, recorded, mail.to)));
      }
      if (event.type === 'OrderPlaced' && !isFree(event.data.amount)) {
        const delay = reminderDelayMs(eventTime(recorded), deps.unpaidReminderSeconds, now());
        await scheduleUnpaidReminder(deps.queue, event.data.orderId, delay);
      }
    },
  });
}

/** The same event, kind and recipient give the same id, wherever and however often it runs. */
export function mailIdFor(kind: MailKind, event: RecordedEvent, to: string): string {
  return deterministicEventId(`mail:${kind}`, `${event.id}:${to.toLowerCase()}`);
}

function eventTime(event: RecordedEvent): string {
  const at = event.metadata.at;
  return typeof at === 'string' ? at : event.recordedAt;
}
