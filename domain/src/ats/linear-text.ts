/**
 * Text searches of the ATS check written to take time linear in the text: a resume's text comes
 * from a file anyone may upload, and a regular expression that backtracks over a long line (the
 * e-mail pattern `[\w.+-]+@…` on 200,000 letters without `@` took 20 s) lets one file stall
 * whatever runs the check.
 */

/**
 * What people put between fields on one line ("Analyst | Acme", "Acme – Pune", a tab), as
 * `/\s+[|•·]\s+|\s+[–—]\s+(?=\p{L})|\t/u` finds it, tried only where a run of white space
 * starts (the lookbehinds): from every space of a long run, `\s+X` read the rest of the run each
 * time, and it can only match where the run starts anyway.
 */
export const PART_SEPARATOR = /(?<!\s)\s+[|•·]\s+|(?<!\s)\s+[–—]\s+(?=\p{L})|\t/u;

const LOCAL_PART = /[\w.+-]/;
// From a fixed start (sticky): each `.label` is tried once, so this is linear in what it reads.
const DOMAIN = /[\w-]+(?:\.[\w-]+)+/y;

/**
 * The first e-mail address in `text`, as `/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/` finds it, found from
 * each `@` instead of from every position: the local part is the run of its characters just
 * before the `@` (runs end at an `@`, so each character is looked at once), the domain is read
 * forwards from it.
 */
export function firstEmailIn(text: string): string | null {
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && LOCAL_PART.test(text.charAt(start - 1))) start -= 1;
    if (start === at) continue;
    DOMAIN.lastIndex = at + 1;
    if (DOMAIN.exec(text) !== null) return text.slice(start, DOMAIN.lastIndex);
  }
  return null;
}

/**
 * `text` with each of `found` (pieces of it, in order, such as the date ranges found in it)
 * replaced by `by`, each looked for after the previous one: one pass, where replacing each in
 * turn from the start scans the text once per piece.
 */
export function withoutPieces(text: string, found: readonly string[], by: string): string {
  let out = '';
  let cursor = 0;
  for (const piece of found) {
    const at = text.indexOf(piece, cursor);
    if (at === -1 || piece === '') continue;
    out += `${text.slice(cursor, at)}${by}`;
    cursor = at + piece.length;
  }
  return out + text.slice(cursor);
}

/** `text` without the run of `character`s at its end, as `/[…]+$/` removes it, in one pass. */
export function trimEndWhere(text: string, character: RegExp): string {
  let end = text.length;
  while (end > 0 && character.test(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/** `text` without the runs of `character`s at both ends, as `/^[…]+|[…]+$/g` removes them. */
export function trimWhere(text: string, character: RegExp): string {
  let start = 0;
  while (start < text.length && character.test(text.charAt(start))) start += 1;
  return trimEndWhere(text.slice(start), character);
}
