/**
 * The audit trail from a shell, against DATABASE_URL (and EVENTSTORE_URL for KurrentDB):
 *   npm run audit -- stream order-{id}   the events of one stream, who did what and when
 *   npm run audit -- verify              the read models against a replay; exit 1 on a difference
 */
import { runAdminCli } from './admin-cli';
import { runAudit } from './audit/audit-command';

runAdminCli(runAudit);
