/**
 * Given/when/then specifications for deciders (the Emmett style, STYLE.md):
 *
 *   DeciderSpecification.for(orderDecider)
 *     .given([orderPlaced])
 *     .when(payOrder)
 *     .then([orderPaid]);
 *
 * Test-only: it imports vitest's `expect` for readable diffs, so it is published as
 * `@shortlist/domain/testing` and never from the package index (the web apps bundle the index).
 */
import { expect } from 'vitest';
import type { Command, Decider, DomainEvent } from './decider';
import { DomainError, type DomainErrorKind } from './domain-error';

/** Either the DomainError kind expected, or a predicate over whatever was thrown. */
export type ExpectedError = DomainErrorKind | ((error: unknown) => boolean);

export interface DeciderThen<E> {
  /** Asserts `decide` returned exactly these events, in this order. */
  then(expected: readonly E[]): void;
  /** Asserts `decide` threw; `message` must equal (string) or match (RegExp) the error's message. */
  thenThrows(expected: ExpectedError, message?: string | RegExp): void;
}

export interface DeciderWhen<C, E> {
  when(command: C): DeciderThen<E>;
}

export interface DeciderGiven<C, E> {
  given(events: readonly E[]): DeciderWhen<C, E>;
}

type Outcome<E> = { kind: 'events'; events: E[] } | { kind: 'thrown'; error: unknown };

function run<S, C extends Command, E extends DomainEvent>(
  decider: Decider<S, C, E>,
  given: readonly E[],
  command: C,
): Outcome<E> {
  // Folding the history is outside the try: a `given` that cannot be evolved is a broken spec,
  // not the outcome under test, so it must surface as itself.
  const state = given.reduce(decider.evolve, decider.initialState());
  try {
    return { kind: 'events', events: decider.decide(command, state) };
  } catch (error) {
    return { kind: 'thrown', error };
  }
}

function describeError(error: unknown): string {
  if (error instanceof DomainError) return `DomainError(${error.kind}): ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function assertEvents<E>(outcome: Outcome<E>, expected: readonly E[]): void {
  if (outcome.kind === 'thrown') {
    throw new Error(
      `Expected events but decide threw ${describeError(outcome.error)}`,
      // Keeps the original stack reachable when the spec fails for an unexpected reason.
      { cause: outcome.error },
    );
  }
  expect(outcome.events).toStrictEqual(expected);
}

function assertThrown<E>(
  outcome: Outcome<E>,
  expected: ExpectedError,
  message: string | RegExp | undefined,
): void {
  if (outcome.kind === 'events') {
    throw new Error(
      `Expected decide to throw but it returned ${JSON.stringify(outcome.events, null, 2)}`,
    );
  }
  const { error } = outcome;
  if (typeof expected === 'string') {
    if (!(error instanceof DomainError)) {
      throw new Error(
        `Expected DomainError(${expected}) but decide threw ${describeError(error)}`,
        { cause: error },
      );
    }
    expect(error.kind, `kind of ${describeError(error)}`).toBe(expected);
  } else if (!expected(error)) {
    throw new Error(`The thrown error did not satisfy the predicate: ${describeError(error)}`, {
      cause: error,
    });
  }
  if (message === undefined) return;
  if (typeof message === 'string') expect(errorMessage(error)).toBe(message);
  else expect(errorMessage(error)).toMatch(message);
}

export const DeciderSpecification = {
  for<S, C extends Command, E extends DomainEvent>(decider: Decider<S, C, E>): DeciderGiven<C, E> {
    return {
      given: (events) => ({
        when: (command) => ({
          // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary is the point; specs are never awaited.
          then: (expected) => assertEvents(run(decider, events, command), expected),
          thenThrows: (expected, message) =>
            assertThrown(run(decider, events, command), expected, message),
        }),
      }),
    };
  },
};

export interface RuleThen<R> {
  /** Asserts the rule returned this value. */
  then(expected: R): void;
  /** Asserts the rule threw; `message` must equal (string) or match (RegExp) the error's message. */
  thenThrows(expected: ExpectedError, message?: string | RegExp): void;
}

/**
 * Given/when/then for a rule read off an aggregate's state rather than decided into events (what
 * a checkout may charge for an order); the history is folded with the aggregate's own decider:
 *
 *   RuleSpecification.for(orderDecider, checkoutTerms)
 *     .given([orderPlaced])
 *     .when('user-1')
 *     .then({ amountMinor: 19900, currency: 'INR' });
 */
export const RuleSpecification = {
  for<S, E extends DomainEvent, I, R>(
    decider: Pick<Decider<S, Command, E>, 'evolve' | 'initialState'>,
    rule: (state: S, input: I) => R,
  ) {
    return {
      given: (events: readonly E[]) => ({
        when: (input: I): RuleThen<R> => {
          const state = events.reduce(decider.evolve, decider.initialState());
          const outcome = (): { kind: 'value'; value: R } | { kind: 'thrown'; error: unknown } => {
            try {
              return { kind: 'value', value: rule(state, input) };
            } catch (error) {
              return { kind: 'thrown', error };
            }
          };
          return {
            // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary is the point; specs are never awaited.
            then: (expected) => {
              const result = outcome();
              if (result.kind === 'thrown') {
                throw new Error(
                  `Expected a value but the rule threw ${describeError(result.error)}`,
                  {
                    cause: result.error,
                  },
                );
              }
              expect(result.value).toStrictEqual(expected);
            },
            thenThrows: (expected, message) => {
              const result = outcome();
              if (result.kind === 'value') {
                throw new Error(
                  `Expected the rule to throw but it returned ${JSON.stringify(result.value)}`,
                );
              }
              assertThrown<never>(result, expected, message);
            },
          };
        },
      }),
    };
  },
};
