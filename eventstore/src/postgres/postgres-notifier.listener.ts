import pg from 'pg';

/**
 * One dedicated connection per store LISTENs on the append channel and wakes every live
 * subscription. A pooled connection cannot be used: LISTEN belongs to a session, and a pool
 * hands sessions around.
 */
export interface PostgresNotifier {
  /** `wake` runs on every notification and after every (re)connection. Returns an unregister. */
  onWake(wake: () => void): () => void;
  /** Wakes this process's subscriptions at once, without a round trip through the server. */
  wakeLocal(): void;
  close(): Promise<void>;
}

export interface NotifierOptions {
  clientConfig: pg.ClientConfig;
  channel: string;
  /**
   * The payload this process's own announcements carry: they are not heard again, since
   * `wakeLocal` woke this process's subscriptions when the append committed.
   */
  ownPayload?: string;
  /** First delay before reconnecting; doubles up to maxReconnectDelayMs. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

export function createPostgresNotifier(options: NotifierOptions): PostgresNotifier {
  const wakers = new Set<() => void>();
  const baseDelay = options.reconnectDelayMs ?? 100;
  const maxDelay = options.maxReconnectDelayMs ?? 5_000;
  let client: pg.Client | null = null;
  let closed = false;
  let started = false;
  let delay = baseDelay;
  let reconnectTimer: NodeJS.Timeout | null = null;

  const wakeAll = () => {
    for (const wake of wakers) wake();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(options.clientConfig);
    client = next;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    // Without an 'error' listener a dropped connection would crash the process.
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => {
      if (options.ownPayload === undefined || message.payload !== options.ownPayload) wakeAll();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(options.channel)}`);
      delay = baseDelay;
      // Appends committed while we were not listening sent notifications nobody heard.
      wakeAll();
    } catch {
      fail();
    }
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, maxDelay);
  };

  return {
    onWake(wake) {
      wakers.add(wake);
      if (!started && !closed) {
        started = true;
        void connect();
      }
      return () => {
        wakers.delete(wake);
      };
    },
    wakeLocal: wakeAll,
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}
