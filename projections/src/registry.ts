import { auditLogProjection } from './audit-log/audit-log.projection';
import type { Projection } from './projection';

/** Every projection the runner, rebuild and verify know about. Add new read models here. */
export function allProjections(): Projection[] {
  return [auditLogProjection];
}
