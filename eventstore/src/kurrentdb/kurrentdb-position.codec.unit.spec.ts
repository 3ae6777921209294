import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePositionPair } from '../position-pair.codec';
import { decodeKurrentPosition, encodeKurrentPosition } from './kurrentdb-position.codec';

const u64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
// Small values too, so equal commit positions (one append) are common.
const part = fc.oneof(u64, fc.bigInt({ min: 0n, max: 3n }));
const position = fc.record({ commit: part, prepare: part });

describe('KurrentDB positions', () => {
  it('compare as strings exactly as (commit, prepare) compares', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        const byPair =
          a.commit !== b.commit
            ? Math.sign(Number(a.commit - b.commit))
            : Math.sign(Number(a.prepare - b.prepare));
        const [x, y] = [encodeKurrentPosition(a), encodeKurrentPosition(b)];
        expect(x < y ? -1 : x > y ? 1 : 0).toBe(byPair);
      }),
      { numRuns: 2_000 },
    );
  });

  it('round-trip', () => {
    fc.assert(
      fc.property(position, (p) => {
        expect(decodeKurrentPosition(encodeKurrentPosition(p))).toEqual(p);
      }),
    );
  });

  it('are told apart from PostgreSQL positions, both ways', () => {
    expect(encodeKurrentPosition({ commit: 138n, prepare: 426n })).toBe(
      'kurrentdb:00000000000000000138:00000000000000000426',
    );
    expect(() => decodeKurrentPosition(encodePositionPair([138n, 426n]))).toThrow(TypeError);
    for (const bad of ['', 'kurrentdb:1:2', `kurrentdb:${'9'.repeat(20)}:${'0'.repeat(20)}x`]) {
      expect(() => decodeKurrentPosition(bad)).toThrow(TypeError);
    }
    expect(() => decodeKurrentPosition(`kurrentdb:${'9'.repeat(20)}:${'0'.repeat(20)}`)).toThrow(
      RangeError,
    );
  });
});
