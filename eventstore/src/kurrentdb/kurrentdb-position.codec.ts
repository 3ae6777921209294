import type { Position as KurrentPosition } from '@kurrent/kurrentdb-client';
import type { Position } from '../event-store.port';

/*
 * KurrentDB orders $all by commit position, then prepare position (the events of one append
 * share a commit position). Written as `kurrentdb:<commit>:<prepare>`, each half a 20-digit
 * zero-padded decimal (20 digits hold 2^64 - 1), so comparing the strings compares the pairs, as
 * the port requires. The prefix keeps these apart from PostgreSQL's positions: a checkpoint
 * carried from one store to the other is refused rather than silently compared.
 */
const PATTERN = /^kurrentdb:(\d{20}):(\d{20})$/;
const MAX = (1n << 64n) - 1n;

export function encodeKurrentPosition({ commit, prepare }: KurrentPosition): Position {
  return `kurrentdb:${pad(commit)}:${pad(prepare)}`;
}

export function decodeKurrentPosition(position: Position): KurrentPosition {
  const match = PATTERN.exec(position);
  if (!match?.[1] || !match[2]) {
    throw new TypeError(`Not a KurrentDB position: ${JSON.stringify(position)}`);
  }
  const commit = BigInt(match[1]);
  const prepare = BigInt(match[2]);
  if (commit > MAX || prepare > MAX) throw new RangeError(`Position out of range: ${position}`);
  return { commit, prepare };
}

function pad(value: bigint): string {
  if (value < 0n || value > MAX) throw new RangeError(`Position part out of range: ${value}`);
  return value.toString().padStart(20, '0');
}
