/**
 * Given/when/then specifications for workflows (workflow.ts), in the style of decider-spec.ts:
 *
 *   WorkflowSpecification.for(referralRewardsWorkflow)
 *     .given([userRegistered, orderPlaced])
 *     .when(orderPaid)
 *     .then([creditReward]);
 *
 * Test-only (vitest's `expect`): published from `@shortlist/domain/testing`.
 */
import { expect } from 'vitest';
import type { Workflow } from './workflow';

export interface WorkflowThen<Output> {
  /** Asserts `decide` returned exactly these outputs, in this order. */
  then(expected: readonly Output[]): void;
}

export const WorkflowSpecification = {
  for<Input, State, Output, History>(workflow: Workflow<Input, State, Output, History>) {
    return {
      given: (history: readonly History[]) => ({
        when: (input: Input): WorkflowThen<Output> => ({
          // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary is the point; specs are never awaited.
          then(expected) {
            const state = history.reduce(workflow.evolve, workflow.initialState());
            expect(workflow.decide(input, state)).toStrictEqual(expected);
          },
        }),
      }),
    };
  },
};
