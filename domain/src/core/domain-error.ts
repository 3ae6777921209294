/**
 * A rule refused a command. `message` is shown to users as is (SPEC.md wording), so it is
 * written for them; `kind` lets the API pick the HTTP status without knowing each rule.
 */
export type DomainErrorKind =
  | 'invalid' // 400: the input breaks a rule
  | 'forbidden' // 403: not yours
  | 'not_found' // 404
  | 'conflict' // 409: the state forbids it now (already paid, already registered…)
  | 'gone'; // 410: deleted / erased

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
