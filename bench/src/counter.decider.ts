import { randomUUID } from 'node:crypto';
import { type Command, type Decider, type DomainEvent, eventCatalogue } from '@shortlist/domain';
import { z } from 'zod';

/**
 * The smallest realistic decider for the command benchmark: a counter that refuses to pass a
 * limit, so `decide` reads the folded state as a real one would. Its event carries the same
 * ~150-byte payload as the baselines' rows (postgres-baselines.ts samplePayload), and the
 * metadata handleCommand adds has the same shape, so the command and the INSERT it is divided
 * by write alike.
 */
export interface CounterState {
  total: number;
}

export type Increment = Command<'Increment', { by: number }>;
export type Incremented = DomainEvent<'Incremented', { by: number; total: number; note: string }>;

export const counterDecider: Decider<CounterState, Increment, Incremented> = {
  catalogue: eventCatalogue<Incremented>()({
    Incremented: z.object({ by: z.number(), total: z.number(), note: z.string() }),
  }),
  initialState: () => ({ total: 0 }),
  evolve: (_state, event) => ({ total: event.data.total }),
  decide(command, state) {
    if (state.total + command.data.by > 1_000_000) throw new Error('counter limit reached');
    const total = state.total + command.data.by;
    return [
      {
        type: 'Incremented',
        data: { by: command.data.by, total, note: 'benchmark payload of a typical small event' },
      },
    ];
  },
};

export function increment(writer: number): Increment {
  return {
    type: 'Increment',
    data: { by: 1 },
    metadata: {
      actor: `writer-${writer}`,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      now: new Date().toISOString(),
    },
  };
}
