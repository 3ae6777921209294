import type { EventStore } from '@shortlist/eventstore';
import pg from 'pg';
import { influencerReferralsPolicy } from './influencer-referrals.policy';
import type { Policy, PolicyLogger } from './policy';
import { type PolicyRunner, startPolicyRunner } from './policy-runner';

/** Every policy this process runs. Add new process managers here. */
function allPolicies(deps: { store: EventStore; logger: PolicyLogger }): Policy[] {
  return [influencerReferralsPolicy(deps)];
}

/**
 * Starts the policies beside the in-process projections (create-services runs both or neither,
 * after the read-model migrations, which create their checkpoint table): its own small pool,
 * since an active policy holds a connection for its lease.
 */
export async function startPolicies(options: {
  store: EventStore;
  databaseUrl: string;
  logger: PolicyLogger;
}): Promise<PolicyRunner> {
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
