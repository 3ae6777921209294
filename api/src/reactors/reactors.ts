import type { EventStore } from '@shortlist/eventstore';
import type { Logger, Reactor } from '@shortlist/projections';
import { type MailReactorDeps, mailReactor } from '../mail/reactions/mail-reactor';
import { influencerReferralsReactor } from './influencer-referrals.reactor';

export interface ReactorDeps {
  store: EventStore;
  logger: Logger;
  /** The mail reactor's own needs (queue, links, admins); without it no mail reactor runs. */
  mail?: Omit<MailReactorDeps, 'store' | 'logger'>;
}

/**
 * Every reactor this process runs (create-services starts them with `startReactors`, beside the
 * projectors): the process managers, and the mail reactor (mail is a reaction to events, with
 * the same lease, checkpoint and at-least-once delivery).
 */
export function allReactors(deps: ReactorDeps): Reactor[] {
  return [
    influencerReferralsReactor(deps),
    ...(deps.mail === undefined
      ? []
      : [mailReactor({ ...deps.mail, store: deps.store, logger: deps.logger })]),
  ];
}
