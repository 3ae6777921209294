import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePositionPair, encodePositionPair, type PositionPair } from './position-pair.codec';
import { decodePostgresPosition, encodePostgresPosition } from './postgres/postgres-position.codec';

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
// Small values too, so equal first halves (same transaction) are common.
const part = fc.oneof(u64, fc.bigInt({ min: 0n, max: 3n }));
const pair = fc.tuple(part, part);

function comparePairs(a: PositionPair, b: PositionPair): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  if (a[1] !== b[1]) return a[1] < b[1] ? -1 : 1;
  return 0;
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

describe('position pair encoding', () => {
  it('compares as strings exactly as the numeric pairs compare', () => {
    fc.assert(
      fc.property(pair, pair, (a, b) => {
        expect(compareStrings(encodePositionPair(a), encodePositionPair(b))).toBe(
          comparePairs(a, b),
        );
      }),
      { numRuns: 2_000 },
    );
  });

  it('sorts a list of positions in pair order', () => {
    fc.assert(
      fc.property(fc.array(pair, { maxLength: 50 }), (pairs) => {
        const byString = pairs.map(encodePositionPair).sort();
        const byPair = [...pairs].sort(comparePairs).map(encodePositionPair);
        expect(byString).toEqual(byPair);
      }),
    );
  });

  it('round-trips', () => {
    fc.assert(
      fc.property(pair, (p) => {
        expect(decodePositionPair(encodePositionPair(p))).toEqual(p);
      }),
    );
  });

  it('rejects malformed positions and out-of-range parts', () => {
    for (const bad of ['', '12-34', 'abc', `${'0'.repeat(20)}:${'0'.repeat(20)}`]) {
      expect(() => decodePositionPair(bad)).toThrow(TypeError);
    }
    expect(() => decodePositionPair(`${'9'.repeat(20)}-${'0'.repeat(20)}`)).toThrow(RangeError);
    expect(() => encodePositionPair([-1n, 0n])).toThrow(RangeError);
    expect(() => encodePositionPair([1n << 64n, 0n])).toThrow(RangeError);
  });
});

describe('PostgreSQL positions', () => {
  it('round-trip (transaction id, global position) and start before everything at null', () => {
    fc.assert(
      fc.property(pair, ([transactionId, globalPosition]) => {
        const position = { transactionId, globalPosition };
        expect(decodePostgresPosition(encodePostgresPosition(position))).toEqual(position);
        expect(
          encodePostgresPosition(position) >= encodePostgresPosition(decodePostgresPosition(null)),
        ).toBe(true);
      }),
    );
  });
});
