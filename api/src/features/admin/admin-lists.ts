/**
 * A LIKE pattern that matches `text` anywhere, with the pattern characters escaped so a search
 * for "50%" or "a_b" means those characters. The pattern is always a bound parameter.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The rows a page of the contract's paging (`page`, `limit`) skips. */
export function offsetOf(paging: { page: number; limit: number }): number {
  return (paging.page - 1) * paging.limit;
}
