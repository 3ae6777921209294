import { describe, expect, it } from 'vitest';
import { searchPathOption } from './database';
import { assertUniqueNames, handledEvents, type Projection, projectionVersion } from './projection';
import { recordedEvents } from './testing/recorded-events';

const base: Projection = { name: 'p', tables: [], apply: async () => undefined };
const events = recordedEvents([
  { streamName: 'order-1', type: 'OrderPlaced' },
  { streamName: 'order-1', type: 'OrderPaid' },
  { streamName: 'order-2', type: 'OrderPlaced' },
]);

describe('projection helpers', () => {
  it('hands a projection every event unless it names the types it handles', () => {
    expect(handledEvents(base, events)).toEqual(events);
    expect(handledEvents({ ...base, handles: ['OrderPaid'] }, events).map((e) => e.type)).toEqual([
      'OrderPaid',
    ]);
    expect(handledEvents({ ...base, handles: [] }, events)).toEqual([]);
  });

  it('defaults the version to 1', () => {
    expect(projectionVersion(base)).toBe(1);
    expect(projectionVersion({ ...base, version: 3 })).toBe(3);
  });

  it('refuses two projections with one name', () => {
    expect(() => assertUniqueNames([base, { ...base }])).toThrow('Two projections are named "p"');
    expect(() => assertUniqueNames([base, { ...base, name: 'q' }])).not.toThrow();
  });

  it('builds test events in position order with per-stream versions', () => {
    expect(events.map((e) => e.streamVersion)).toEqual([0, 1, 0]);
    const positions = events.map((e) => e.position);
    expect([...positions].sort()).toEqual(positions);
  });
});

describe('searchPathOption', () => {
  it('passes plain schema names to the startup options', () => {
    expect(searchPathOption('verify_1')).toBe('-c search_path=verify_1');
    expect(searchPathOption('a, public')).toBe('-c search_path=a,public');
  });

  it('refuses anything that could smuggle another option or statement', () => {
    for (const bad of ['a b', 'x -c statement_timeout=1', '"Quoted"', 'a;drop', '']) {
      expect(() => searchPathOption(bad)).toThrow(TypeError);
    }
  });
});
