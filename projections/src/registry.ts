import { auditLogProjection } from './audit-log/audit-log.projection';
import { influencerLedgerProjection } from './influencer-ledger/influencer-ledger.projection';
import { influencerQueriesProjection } from './influencer-ledger/influencer-queries.projection';
import { influencersProjection } from './influencers/influencers.projection';
import { ordersProjection } from './orders/orders.projection';
import type { Projection } from './projection';
import { supportQueriesProjection } from './support-queries/support-queries.projection';
import { usersProjection } from './users/users.projection';

/**
 * The name of every registered read model, so a caller that waits for "the read models its
 * answer reads" names them in a way the compiler checks. In registration order.
 */
export const PROJECTION_NAMES = [
  'audit_log',
  'users',
  'orders',
  'influencers',
  'influencer-ledger',
  'influencer-queries',
  'queries',
] as const;

export type ProjectionName = (typeof PROJECTION_NAMES)[number];

const REGISTRY: { readonly [Name in ProjectionName]: Projection } = {
  audit_log: auditLogProjection,
  users: usersProjection,
  orders: ordersProjection,
  influencers: influencersProjection,
  'influencer-ledger': influencerLedgerProjection,
  'influencer-queries': influencerQueriesProjection,
  queries: supportQueriesProjection,
};

// A key that differs from its projection's own name would make a wait on it never end.
for (const name of PROJECTION_NAMES) {
  if (REGISTRY[name].name !== name) {
    throw new Error(`Projection registered as ${name} is named ${REGISTRY[name].name}`);
  }
}

/** Every projection the projector, rebuild and verify know about. Add new read models here. */
export function allProjections(): Projection[] {
  return PROJECTION_NAMES.map((name) => REGISTRY[name]);
}
