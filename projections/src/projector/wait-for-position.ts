import type { Position } from '@shortlist/eventstore';
import pg from 'pg';
import { allProjections } from '../registry';
import { CHECKPOINT_CHANNEL } from './checkpoints';

export interface CheckpointWaiterOptions {
  /** Projections every waitFor checks unless told otherwise (default: allProjections()). */
  projections?: readonly string[];
  /** Fallback poll while someone waits, in case a notification is lost (default 500 ms). */
  pollIntervalMs?: number;
}

export type CheckpointWaiterConnection = { connectionString: string } | { pool: pg.Pool };

export interface CheckpointWaiter {
  /**
   * True once every named projection's checkpoint is at or past `position` (so a read model
   * shows the caller's own write), false when `timeoutMs` passes first.
   */
  waitFor(
    position: Position,
    options: { projections?: readonly string[]; timeoutMs: number },
  ): Promise<boolean>;
  close(): Promise<void>;
}

interface Waiter {
  position: Position;
  names: readonly string[];
  finish(reached: boolean): void;
}

/**
 * Read-your-own-writes for the API: after appending at position P, wait until the projections
 * have committed P. Checkpoints advance past events a projection ignores, so this never waits
 * on a projection that has nothing to do. LISTEN gives the fast path (and, once a checkpoint has
 * been read under the current listener, the only one: no query per wait); the poll covers a
 * dropped listener connection.
 */
export function createCheckpointWaiter(
  connection: CheckpointWaiterConnection,
  options: CheckpointWaiterOptions = {},
): CheckpointWaiter {
  const ownsPool = !('pool' in connection);
  const pool =
    'pool' in connection
      ? connection.pool
      : new pg.Pool({ connectionString: connection.connectionString, max: 2 });
  if (ownsPool) pool.on('error', () => undefined);
  const defaultNames = options.projections ?? allProjections().map((projection) => projection.name);
  const pollIntervalMs = options.pollIntervalMs ?? 500;

  const known = new Map<string, Position | null>();
  // Which listener session each known checkpoint was read or heard under: while that session
  // lasts, every later move of it is heard, so a wait needs no query to learn where it is.
  const knownUnder = new Map<string, number>();
  let session = 0;
  const waiters = new Set<Waiter>();
  let listener: { client: pg.PoolClient; drop: (destroy: boolean) => void } | null = null;
  let listening: Promise<void> | null = null;
  let pollTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const reached = (waiter: Waiter) =>
    waiter.names.every((name) => {
      const checkpoint = known.get(name);
      return checkpoint !== undefined && checkpoint !== null && checkpoint >= waiter.position;
    });

  const settle = () => {
    for (const waiter of waiters) if (reached(waiter)) waiter.finish(true);
  };

  const refresh = async (names: readonly string[]) => {
    const under = listener === null ? -1 : session;
    const result = await pool.query<{ name: string; position: string | null }>(
      'select name, position from projection_checkpoints where name = any($1::text[])',
      [names],
    );
    // A notification heard while the query ran may be newer than the row it read: keep the
    // furthest position (a rebuild's reset arrives as a notification, which overwrites).
    for (const row of result.rows) {
      const current = known.get(row.name);
      if (current == null || (row.position !== null && row.position > current)) {
        known.set(row.name, row.position);
      }
      knownUnder.set(row.name, under);
    }
  };

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== CHECKPOINT_CHANNEL || message.payload === undefined) return;
    const payload = parsePayload(message.payload);
    if (payload === null) return;
    known.set(payload.name, payload.position);
    knownUnder.set(payload.name, session);
    settle();
  };

  // The listener is set up before the first read of the checkpoints, so an advance that lands
  // in between is either read or heard, never missed.
  const listen = () => {
    listening ??= (async () => {
      const client = await pool.connect();
      let dropped = false;
      // The one way the connection goes back: an error event after close() released it would
      // otherwise release it twice (pg-pool throws on that).
      const drop = (destroy: boolean) => {
        if (dropped) return;
        dropped = true;
        client.removeListener('notification', onNotification);
        client.removeListener('error', onError);
        if (listener?.client === client) listener = null;
        listening = null;
        client.release(destroy);
      };
      const onError = () => drop(true);
      client.on('notification', onNotification);
      client.on('error', onError);
      try {
        await client.query(`LISTEN ${CHECKPOINT_CHANNEL}`);
      } catch (error) {
        drop(true);
        throw error;
      }
      if (closed) {
        drop(true);
        return;
      }
      session += 1;
      listener = { client, drop };
    })();
    return listening;
  };

  const poll = () => {
    pollTimer = null;
    if (waiters.size === 0 || closed) return;
    const names = [...new Set([...waiters].flatMap((waiter) => waiter.names))];
    refresh(names)
      .then(settle)
      // A failed poll is retried on the next tick; the listener may still deliver meanwhile.
      .catch(() => undefined)
      .finally(() => {
        // Also re-arms LISTEN if its connection dropped.
        if (listener === null && !closed) listen().catch(() => undefined);
        schedulePoll();
      });
  };
  const schedulePoll = () => {
    if (pollTimer === null && waiters.size > 0 && !closed) {
      pollTimer = setTimeout(poll, pollIntervalMs);
    }
  };

  return {
    async waitFor(position, waitOptions) {
      if (closed) throw new Error('The checkpoint waiter is closed');
      const names = waitOptions.projections ?? defaultNames;
      // Listening is an optimisation: if it cannot start, the poll still answers.
      await listen().catch(() => undefined);
      const current = listener === null ? -1 : session;
      if (current < 0 || names.some((name) => knownUnder.get(name) !== current)) {
        await refresh(names);
      }
      const probe: Waiter = { position, names, finish: () => undefined };
      if (reached(probe)) return true;
      if (waitOptions.timeoutMs <= 0) return false;
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => waiter.finish(false), waitOptions.timeoutMs);
        const waiter: Waiter = {
          position,
          names,
          finish(result) {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(result);
          },
        };
        waiters.add(waiter);
        schedulePoll();
      });
    },

    async close() {
      closed = true;
      if (pollTimer !== null) clearTimeout(pollTimer);
      for (const waiter of waiters) waiter.finish(false);
      await listening?.catch(() => undefined);
      const current = listener;
      if (current !== null) {
        current.client.removeListener('notification', onNotification);
        await current.client.query(`UNLISTEN ${CHECKPOINT_CHANNEL}`).catch(() => undefined);
        current.drop(false);
      }
      if (ownsPool) await pool.end();
    },
  };
}

function parsePayload(payload: string): { name: string; position: Position | null } | null {
  try {
    const value: unknown = JSON.parse(payload);
    if (typeof value !== 'object' || value === null) return null;
    const { name, position } = value as { name?: unknown; position?: unknown };
    if (typeof name !== 'string') return null;
    if (position !== null && typeof position !== 'string') return null;
    return { name, position };
  } catch {
    return null;
  }
}
