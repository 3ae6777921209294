/**
 * An event as `decide` produces it and `evolve` folds it. Its own module, below the decider and
 * the catalogue, because both speak of it.
 */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}
