/**
 * The audit trail from a shell, against DATABASE_URL (and EVENTSTORE_URL for KurrentDB):
 *   npm run audit -- stream order-{id}   the events of one stream, who did what and when
 *   npm run audit -- verify              the read models against a replay; exit 1 on a difference
 */
import { runAudit } from './audit/audit-command';

const env = { DATABASE_URL: process.env.DATABASE_URL, EVENTSTORE_URL: process.env.EVENTSTORE_URL };

runAudit(process.argv.slice(2), env, {
  out: (line) => console.info(line),
  err: (line) => console.error(line),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 2;
  },
);
