/**
 * True for failures of the database or the connection rather than of the event: those are
 * retried with backoff for as long as they last, and never quarantine an event (a database that
 * is down would otherwise set aside every event it failed on).
 */
export function isTransientError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
  if (code !== null) {
    // SQLSTATE classes: 08 connection, 40 serialization/deadlock, 53 resources, 57 operator
    // intervention (shutdown, cancel), 58 system error. Node's socket errors start with E.
    if (/^(08|40|53|57|58)/.test(code)) return true;
    if (/^E[A-Z]+$/.test(code)) return true;
  }
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|connection timeout|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(
    message,
  );
}
