import { setImmediate as nextTurn } from 'node:timers/promises';
import DataLoader from 'dataloader';
import { type QueryExecutorProvider, sql } from 'kysely';
import pg from 'pg';
import { BATCH_ONLY } from '../shared/batch-only';

/**
 * When a session ends before its token expires (ARCHITECTURE.md). Session concerns, not business
 * facts, so they live in tables and not in the event store:
 *
 * - logout revokes one token: its id (`jti`) is remembered until the token would have expired;
 * - a credential change (password reset, an admin setting an influencer's password) ends every
 *   session of the account: the account's credential generation goes up, every token carries the
 *   generation it was issued under (`gen`), and a token of an older generation is refused.
 *   A counter, not a time: a token issued in the same second (or millisecond) right after the
 *   change carries the new generation and works, one issued before it never does, whatever the
 *   clocks of the API processes say.
 */
export interface TokenRevocations {
  revoke(jti: string, expiresAt: Date): Promise<void>;
  /** Ends every session of `subject` (see sessionSubject) issued so far. */
  endSessionsOf(subject: string): Promise<void>;
  /** The generation a token issued now carries; 0 until the credentials first change. */
  generationOf(subject: string): Promise<number>;
  /**
   * Revoked, or issued before a credential change. The checks of requests arriving together
   * are asked in one query (DataLoader batches what one turn of the event loop collects).
   */
  isRejected(token: { jti: string; subject: string; generation: number }): Promise<boolean>;
}

/** Where every API process hears of a session ended by another (one channel per database). */
export const SESSION_ENDS_CHANNEL = 'api_session_ends';

export interface TokenRevocationsOptions {
  /**
   * A connection for LISTEN. With it, checks are answered from memory kept fresh by NOTIFY
   * (rememberedRevocations below); without it, every check asks the database.
   */
  listen?: pg.ClientConfig;
}

export function createPostgresTokenRevocations(
  db: QueryExecutorProvider,
  options: TokenRevocationsOptions = {},
): TokenRevocations & { close(): Promise<void> } {
  const rejections = rejectionsLoader(db);
  const stored: TokenRevocations = {
    async revoke(jti, expiresAt) {
      // The notification goes out when the insert commits, in the same statement.
      await sql`WITH revoked AS (INSERT INTO api.revoked_tokens (jti, expires_at)
          VALUES (${jti}, ${expiresAt}) ON CONFLICT (jti) DO NOTHING)
        SELECT pg_notify(${SESSION_ENDS_CHANNEL},
          ${JSON.stringify({ jti, expiresAt: expiresAt.getTime() })})`.execute(db);
      // Expired tokens fail verification on their own; forgetting them keeps the table small.
      await sql`DELETE FROM api.revoked_tokens WHERE expires_at < now()`.execute(db);
    },
    async endSessionsOf(subject) {
      await sql`WITH changed AS (INSERT INTO api.credential_generations (subject, generation, changed_at)
          VALUES (${subject}, 1, now())
          ON CONFLICT (subject) DO UPDATE
          SET generation = api.credential_generations.generation + 1, changed_at = now()
          RETURNING generation)
        SELECT pg_notify(${SESSION_ENDS_CHANNEL},
          json_build_object('subject', ${subject}::text, 'generation', changed.generation)::text)
        FROM changed`.execute(db);
    },
    async generationOf(subject) {
      const result = await sql<{ generation: string }>`SELECT generation
        FROM api.credential_generations WHERE subject = ${subject}`.execute(db);
      return Number(result.rows[0]?.generation ?? 0);
    },
    isRejected: (token) => rejections.load(token),
  };
  if (options.listen === undefined) return { ...stored, close: async () => undefined };
  return rememberedRevocations(db, stored, options.listen);
}

/**
 * Every authenticated request asks whether its token is still good; asking the database each
 * time costs a round trip per request for an answer that almost never changes. So each process
 * keeps every revoked token id (until its expiry) and every credential generation in memory,
 * loaded once and kept fresh by NOTIFY: a logout or a password change anywhere commits its row
 * and its notification together, and every listening process hears it the moment it commits.
 *
 * Memory answers only while it is complete: from the load that followed LISTEN (so nothing
 * committed in between is missed: it is read or heard, and both sets only grow) until that
 * connection drops. Meanwhile, and until the next load, checks ask the database as before.
 * A revocation answers once this process has heard its own notification back, so every other
 * listener has been sent it too before the caller can try the token elsewhere.
 */
function rememberedRevocations(
  db: QueryExecutorProvider,
  stored: TokenRevocations,
  listen: pg.ClientConfig,
): TokenRevocations & { close(): Promise<void> } {
  const revoked = new Map<string, number>();
  const generations = new Map<string, number>();
  const heard = new Set<() => void>();
  let complete = false;
  let closed = false;
  let client: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let delay = RECONNECT_FIRST_MS;

  const learn = (payload: string | undefined) => {
    const change = parseSessionEnd(payload);
    if (change === null) return;
    if ('jti' in change) {
      if (change.expiresAt > Date.now()) revoked.set(change.jti, change.expiresAt);
    } else if ((generations.get(change.subject) ?? 0) < change.generation) {
      generations.set(change.subject, change.generation);
    }
    for (const done of heard) done();
  };

  const forgetExpired = () => {
    const now = Date.now();
    for (const [jti, expiresAt] of revoked) if (expiresAt <= now) revoked.delete(jti);
  };
  const sweeper = setInterval(forgetExpired, SWEEP_MS);
  sweeper.unref();

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client(listen);
    client = next;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      complete = false;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      next.end().catch(() => undefined);
      if (!closed && reconnectTimer === null) {
        reconnectTimer = setTimeout(() => {
          reconnectTimer = null;
          void connect();
        }, delay);
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      }
    };
    // Without an 'error' listener a dropped connection would crash the process.
    next.on('error', fail);
    next.on('end', fail);
    next.on('notification', (message) => learn(message.payload));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(SESSION_ENDS_CHANNEL)}`);
      const tokens = await sql<{ jti: string; expires_at: Date }>`SELECT jti, expires_at
        FROM api.revoked_tokens WHERE expires_at > now()`.execute(db);
      for (const row of tokens.rows) revoked.set(row.jti, row.expires_at.getTime());
      const changed = await sql<{ subject: string; generation: string }>`SELECT subject, generation
        FROM api.credential_generations`.execute(db);
      for (const row of changed.rows) {
        const generation = Number(row.generation);
        if ((generations.get(row.subject) ?? 0) < generation) {
          generations.set(row.subject, generation);
        }
      }
      if (!failed && !closed) {
        complete = true;
        delay = RECONNECT_FIRST_MS;
      }
    } catch {
      fail();
    }
  };
  const started = connect();

  /** Runs `write`, then waits (briefly) until this process has heard a notification back. */
  const andHeard = async (write: () => Promise<void>, isIt: () => boolean) => {
    await write();
    if (!complete) return;
    if (!isIt()) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, ECHO_WAIT_MS);
        function finish() {
          clearTimeout(timer);
          heard.delete(check);
          resolve();
        }
        function check() {
          if (isIt()) finish();
        }
        heard.add(check);
      });
    }
    // Heard back here means the server has sent it to every listener; one more turn lets this
    // process's other listeners (tests run two instances in one process) read it too.
    await nextTurn();
  };

  return {
    revoke: (jti, expiresAt) =>
      andHeard(
        () => stored.revoke(jti, expiresAt),
        () => revoked.has(jti) || expiresAt.getTime() <= Date.now(),
      ),
    async endSessionsOf(subject) {
      const before = generations.get(subject) ?? 0;
      await andHeard(
        () => stored.endSessionsOf(subject),
        () => (generations.get(subject) ?? 0) > before,
      );
    },
    async generationOf(subject) {
      if (!complete) return stored.generationOf(subject);
      return generations.get(subject) ?? 0;
    },
    async isRejected(token) {
      if (!complete) return stored.isRejected(token);
      // One turn of the event loop first: a notification that reached this process before the
      // request did (a logout answered elsewhere a moment ago) is read before the answer.
      await nextTurn();
      if (!complete) return stored.isRejected(token);
      const expiresAt = revoked.get(token.jti);
      if (expiresAt !== undefined && expiresAt > Date.now()) return true;
      return (generations.get(token.subject) ?? 0) > token.generation;
    },
    async close() {
      closed = true;
      complete = false;
      clearInterval(sweeper);
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      await started;
      const current = client;
      client = null;
      if (current !== null) {
        current.removeAllListeners('end');
        await current.end().catch(() => undefined);
      }
    },
  };
}

const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** How often expired revocations are forgotten (they fail verification on their own). */
const SWEEP_MS = 10 * 60_000;
/** Longest a revocation waits to hear itself back; past it, the write still stands. */
const ECHO_WAIT_MS = 1_000;

type SessionEnd = { jti: string; expiresAt: number } | { subject: string; generation: number };

function parseSessionEnd(payload: string | undefined): SessionEnd | null {
  if (payload === undefined) return null;
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { jti, expiresAt, subject, generation } = value as Record<string, unknown>;
    if (typeof jti === 'string' && typeof expiresAt === 'number') return { jti, expiresAt };
    if (typeof subject === 'string' && typeof generation === 'number') {
      return { subject, generation };
    }
    return null;
  } catch {
    return null;
  }
}

type TokenCheck = { jti: string; subject: string; generation: number };

/** One statement for a batch of checks, answered in the order asked. */
function rejectionsLoader(db: QueryExecutorProvider) {
  return new DataLoader<TokenCheck, boolean>(async (tokens) => {
    const result = await sql<{ i: string; rejected: boolean }>`SELECT t.i,
        EXISTS (SELECT 1 FROM api.revoked_tokens r WHERE r.jti = t.jti)
        OR COALESCE((SELECT g.generation FROM api.credential_generations g
          WHERE g.subject = t.subject), 0) > t.generation AS rejected
        FROM unnest(${tokens.map((token) => token.jti)}::text[],
          ${tokens.map((token) => token.subject)}::text[],
          ${tokens.map((token) => token.generation)}::int[])
          WITH ORDINALITY AS t(jti, subject, generation, i)`.execute(db);
    const rejected = new Map(result.rows.map((row) => [Number(row.i), row.rejected]));
    return tokens.map((_, index) => rejected.get(index + 1) === true);
  }, BATCH_ONLY);
}
