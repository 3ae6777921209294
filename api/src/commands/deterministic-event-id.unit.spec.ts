import { describe, expect, it } from 'vitest';
import { deterministicEventId } from './deterministic-event-id';

const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('deterministicEventId', () => {
  it('is a version-5 shaped UUID', () => {
    expect(deterministicEventId('policy:mark-order-paid', 'payment-1')).toMatch(UUID_V5);
  });

  it('is stable for the same namespace and key', () => {
    expect(deterministicEventId('policy:a', 'k1')).toBe(deterministicEventId('policy:a', 'k1'));
  });

  it('differs when either part differs, without ambiguity at the boundary', () => {
    const id = deterministicEventId('policy:a', 'k1');
    expect(deterministicEventId('policy:a', 'k2')).not.toBe(id);
    expect(deterministicEventId('policy:b', 'k1')).not.toBe(id);
    expect(deterministicEventId('ab', 'c')).not.toBe(deterministicEventId('a', 'bc'));
  });
});
