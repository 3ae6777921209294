// `npm start`: the whole product on one port (embedded mode unless DATABASE_URL etc. are set).
import { ConfigError } from '../config/config';
import { startServer } from './start-server';

const SHUTDOWN_GRACE_MS = 15_000;

try {
  const server = await startServer({ env: process.env });
  console.log(`Shortlist is running at ${server.url}`);
  for (const notice of server.notices) console.log(`\n${notice}`);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C means "now".
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received, shutting down…`);
    // A hung shutdown must not keep the port: give up after the grace period.
    setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Shortlist could not start:', error);
  }
  process.exit(1);
}
