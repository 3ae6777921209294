import type { Position as KurrentPosition } from '@kurrent/kurrentdb-client';
import type { Position } from '../event-store.port';
import { decodePositionPair, encodePositionPair } from '../position-pair.codec';

/** KurrentDB orders $all by commit position, then prepare position within one commit. */
export function encodeKurrentPosition(position: KurrentPosition): Position {
  return encodePositionPair([position.commit, position.prepare]);
}

export function decodeKurrentPosition(position: Position): KurrentPosition {
  const [commit, prepare] = decodePositionPair(position);
  return { commit, prepare };
}
