import type { Position } from '../event-store.port';
import { decodePositionPair, encodePositionPair } from '../position-pair.codec';

/**
 * A PostgreSQL position is the pair (transaction_id, global_position): readAll returns events in
 * that order (postgres-event-store.adapter.ts says why).
 */
export interface PostgresPosition {
  transactionId: bigint;
  globalPosition: bigint;
}

/** The position before every event: readAll/subscribe from null start here. */
const POSTGRES_START: PostgresPosition = { transactionId: 0n, globalPosition: 0n };

export function encodePostgresPosition(position: PostgresPosition): Position {
  return encodePositionPair([position.transactionId, position.globalPosition]);
}

export function decodePostgresPosition(position: Position | null): PostgresPosition {
  if (position === null) return POSTGRES_START;
  const [transactionId, globalPosition] = decodePositionPair(position);
  return { transactionId, globalPosition };
}
