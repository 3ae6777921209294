/**
 * Tests only, run as a child process: the real server (startServer, as `npm start` runs it) on
 * DATABASE_URL and DATA_DIR, printing `ready <url>` once it listens, its log (JSON lines) after.
 * The hostile-document battery measures this process from outside: its answers, its health
 * latency, its memory, its log.
 */
import { startServer } from '../../main/start-server';

const server = await startServer({ env: process.env });
process.stdout.write(`ready ${server.url}\n`);
