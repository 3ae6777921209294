/**
 * Test fixture for kill-under-load.int.spec.ts, run as a child process: the real server
 * (startServer, as `npm start` runs it) on DATABASE_URL and DATA_DIR, printing `ready <url>` once
 * it listens. The test sends the load from its own process and SIGKILLs this one at a random
 * moment, so nothing here may help the server survive: no handlers, no graceful path.
 */
import { startServer } from '../main/start-server';

const server = await startServer({ env: process.env });
process.stdout.write(`ready ${server.url}\n`);
