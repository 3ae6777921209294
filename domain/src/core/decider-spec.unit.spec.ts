import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { assertNever, type Command, type Decider, type DomainEvent } from './decider';
import { DeciderSpecification } from './decider-spec';
import { DomainError } from './domain-error';
import { eventCatalogue } from './event-catalogue';

// A deliberately tiny decider: a lamp that can be switched on once, and a command that breaks.
type LampCommand = Command<'SwitchOn', { by: string }> | Command<'Explode', Record<string, never>>;
type LampEvent = DomainEvent<'SwitchedOn', { by: string }> | DomainEvent<'Unplugged', null>;
type LampState = { on: boolean; plugged: boolean };

const lamp: Decider<LampState, LampCommand, LampEvent> = {
  catalogue: eventCatalogue<LampEvent>()({
    SwitchedOn: z.object({ by: z.string() }),
    Unplugged: z.null(),
  }),
  initialState: () => ({ on: false, plugged: true }),
  decide(command, state) {
    switch (command.type) {
      case 'SwitchOn':
        if (!state.plugged) throw new DomainError('gone', 'The lamp is unplugged');
        if (state.on) throw new DomainError('conflict', 'Already on');
        return [{ type: 'SwitchedOn', data: { by: command.data.by } }];
      case 'Explode':
        throw new TypeError('boom');
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'SwitchedOn':
        return { ...state, on: true };
      case 'Unplugged':
        return { ...state, plugged: false };
      default:
        return assertNever(event);
    }
  },
};

const metadata = {
  actor: 'user:1',
  correlationId: 'c-1',
  causationId: null,
  now: '2025-01-01T00:00:00.000Z',
};
const switchOn: LampCommand = { type: 'SwitchOn', data: { by: 'ann' }, metadata };
const explode: LampCommand = { type: 'Explode', data: {}, metadata };
const switchedOn: LampEvent = { type: 'SwitchedOn', data: { by: 'ann' } };
const unplugged: LampEvent = { type: 'Unplugged', data: null };

const spec = DeciderSpecification.for(lamp);

/** Runs a spec that must fail and returns what it threw, so the failure itself can be checked. */
function failureOf(assertion: () => void): Error {
  try {
    assertion();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`);
  }
  throw new Error('the specification passed but should have failed');
}

describe('DeciderSpecification.then', () => {
  it('passes when decide returns exactly the expected events', () => {
    spec.given([]).when(switchOn).then([switchedOn]);
  });

  it('fails with an assertion error when the events differ', () => {
    const error = failureOf(() =>
      spec
        .given([])
        .when(switchOn)
        .then([{ type: 'SwitchedOn', data: { by: 'bob' } }]),
    );
    expect(error.name).toBe('AssertionError');
  });

  it('fails when an expected event is missing or extra', () => {
    expect(failureOf(() => spec.given([]).when(switchOn).then([])).name).toBe('AssertionError');
    expect(failureOf(() => spec.given([]).when(switchOn).then([switchedOn, switchedOn])).name).toBe(
      'AssertionError',
    );
  });

  it('folds the given events before deciding', () => {
    const error = failureOf(() => spec.given([switchedOn]).when(switchOn).then([switchedOn]));
    expect(error.message).toContain('DomainError(conflict): Already on');
  });

  it('fails when decide throws instead of returning events', () => {
    const error = failureOf(() => spec.given([]).when(explode).then([]));
    expect(error.message).toContain('TypeError: boom');
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('DeciderSpecification.thenThrows', () => {
  it('passes on the expected DomainError kind and message', () => {
    spec.given([switchedOn]).when(switchOn).thenThrows('conflict', 'Already on');
    spec
      .given([unplugged])
      .when(switchOn)
      .thenThrows('gone', /unplugged/);
    spec.given([switchedOn]).when(switchOn).thenThrows('conflict');
  });

  it('fails on another kind', () => {
    const error = failureOf(() => spec.given([switchedOn]).when(switchOn).thenThrows('invalid'));
    expect(error.name).toBe('AssertionError');
  });

  it('fails on another message', () => {
    expect(
      failureOf(() => spec.given([switchedOn]).when(switchOn).thenThrows('conflict', 'Nope')).name,
    ).toBe('AssertionError');
    expect(
      failureOf(() =>
        spec
          .given([switchedOn])
          .when(switchOn)
          .thenThrows('conflict', /^Nope$/),
      ).name,
    ).toBe('AssertionError');
  });

  it('fails when decide returns events', () => {
    const error = failureOf(() => spec.given([]).when(switchOn).thenThrows('conflict'));
    expect(error.message).toContain('Expected decide to throw');
  });

  it('fails when a kind is expected but the error is not a DomainError', () => {
    const error = failureOf(() => spec.given([]).when(explode).thenThrows('invalid'));
    expect(error.message).toContain('Expected DomainError(invalid)');
  });

  it('accepts a predicate for errors that are not DomainErrors', () => {
    spec
      .given([])
      .when(explode)
      .thenThrows((error) => error instanceof TypeError, 'boom');
    const error = failureOf(() =>
      spec
        .given([])
        .when(explode)
        .thenThrows((error) => error instanceof RangeError),
    );
    expect(error.message).toContain('did not satisfy the predicate');
  });
});
