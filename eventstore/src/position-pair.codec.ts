import type { Position } from './event-store.port';

/**
 * PostgreSQL orders events by a pair of unsigned 64-bit numbers, (transaction id, global
 * position). Each half is written as a 20-digit zero-padded decimal (20 digits hold 2^64 - 1),
 * so comparing the strings compares the pairs, as the port requires. KurrentDB's positions have
 * their own prefixed format (kurrentdb/kurrentdb-position.codec.ts).
 */
export type PositionPair = readonly [bigint, bigint];

const WIDTH = 20;
const MAX = (1n << 64n) - 1n;
const PATTERN = /^(\d{20})-(\d{20})$/;

export function encodePositionPair([first, second]: PositionPair): Position {
  return `${pad(first)}-${pad(second)}`;
}

export function decodePositionPair(position: Position): PositionPair {
  const match = PATTERN.exec(position);
  if (!match?.[1] || !match[2]) {
    throw new TypeError(`Not an event-store position: ${JSON.stringify(position)}`);
  }
  const first = BigInt(match[1]);
  const second = BigInt(match[2]);
  if (first > MAX || second > MAX) throw new RangeError(`Position out of range: ${position}`);
  return [first, second];
}

function pad(value: bigint): string {
  if (value < 0n || value > MAX) throw new RangeError(`Position part out of range: ${value}`);
  return value.toString().padStart(WIDTH, '0');
}
