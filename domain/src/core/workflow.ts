/**
 * A workflow (Emmett's term): a pure rule that turns what happened into what to do next. It
 * folds the events it is given (`history`) into state, then `decide` answers one input with the
 * commands to issue. The process around it (a reactor) loads the history, calls it and dispatches;
 * the rule itself has no I/O, so it is specified with given/when/then like a decider.
 */
export interface Workflow<Input, State, Output, History = Input> {
  decide(input: Input, state: State): Output[];
  evolve(state: State, event: History): State;
  initialState(): State;
}
