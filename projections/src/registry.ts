import { auditLogProjection } from './audit-log/audit-log.projection';
import { influencerLedgerProjection } from './influencer-ledger/influencer-ledger.projection';
import { influencerQueriesProjection } from './influencer-ledger/influencer-queries.projection';
import { influencersProjection } from './influencers/influencers.projection';
import { ordersProjection } from './orders/orders.projection';
import type { Projection } from './projection';
import { queriesProjection } from './queries/queries.projection';
import { usersProjection } from './users/users.projection';

/** Every projection the runner, rebuild and verify know about. Add new read models here. */
export function allProjections(): Projection[] {
  return [
    auditLogProjection,
    usersProjection,
    ordersProjection,
    influencersProjection,
    influencerLedgerProjection,
    influencerQueriesProjection,
    queriesProjection,
  ];
}
