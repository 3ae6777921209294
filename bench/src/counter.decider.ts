import { randomUUID } from 'node:crypto';
import type { NewEvent, RecordedEvent } from '@shortlist/eventstore';

/**
 * The smallest realistic decider for the command benchmark: a counter that refuses to pass a
 * limit, so `decide` reads the folded state as a real one would.
 */
export interface CounterState {
  total: number;
}

export type CounterCommand = { type: 'Increment'; by: number; at: string; actor: string };

export const initialCounter = (): CounterState => ({ total: 0 });

export function evolveCounter(state: CounterState, event: RecordedEvent): CounterState {
  switch (event.type) {
    case 'Incremented':
      return { total: typeof event.data.total === 'number' ? event.data.total : state.total };
    default:
      return state;
  }
}

export function decideCounter(command: CounterCommand, state: CounterState): NewEvent[] {
  if (state.total + command.by > 1_000_000) throw new Error('counter limit reached');
  return [
    {
      id: randomUUID(),
      type: 'Incremented',
      data: { by: command.by, total: state.total + command.by },
      metadata: {
        actor: command.actor,
        correlationId: randomUUID(),
        causationId: randomUUID(),
        at: command.at,
      },
    },
  ];
}
