import type { EventStore } from '@shortlist/eventstore';
import pg from 'pg';
import { type MailReactorDeps, mailReactor } from '../mail/reactions/mail-reactor';
import { influencerReferralsPolicy } from './influencer-referrals.policy';
import type { Policy, PolicyLogger } from './policy';
import { type PolicyRunner, startPolicyRunner } from './policy-runner';

export interface PolicyDeps {
  store: EventStore;
  logger: PolicyLogger;
  /** The mail reactor's own needs (queue, links, admins); without it no mail reactor runs. */
  mail?: Omit<MailReactorDeps, 'store' | 'logger'>;
}

/**
 * Every reactor this process runs: the process managers, and the mail reactor (mail is a
 * reaction to events, with the same lease, checkpoint and at-least-once delivery).
 */
export function allPolicies(deps: PolicyDeps): Policy[] {
  return [
    influencerReferralsPolicy(deps),
    ...(deps.mail === undefined
      ? []
      : [mailReactor({ ...deps.mail, store: deps.store, logger: deps.logger })]),
  ];
}

/**
 * Starts the policies beside the in-process projections (create-services runs both or neither,
 * after the read-model migrations, which create their checkpoint table): its own small pool,
 * since an active policy holds a connection for its lease.
 */
export async function startPolicies(
  options: PolicyDeps & { databaseUrl: string },
): Promise<PolicyRunner> {
  const policies = allPolicies(options);
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: policies.length + 1 });
  pool.on('error', () => undefined);
  const runner = startPolicyRunner({
    store: options.store,
    pool,
    policies,
    logger: options.logger,
  });
  return {
    status: () => runner.status(),
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}
