import { findDateRanges } from './dates';

/*
 * E-mail addresses, phone numbers and profile links in a line of text. Each finder is a single
 * left-to-right scan (no regular expression with nested repetition over the line), so a hostile
 * 200,000-character line costs linear time.
 */

const LOCAL = /[A-Za-z0-9._%+-]/u;
const DOMAIN = /[A-Za-z0-9.-]/u;

const TRAILING = /[\s.(-]/u;

/** Without trailing separators; a loop, as a `[…]+$` pattern would backtrack on long runs. */
function trimEnd(run: string, trailing: RegExp): string {
  let stop = run.length;
  while (stop > 0 && trailing.test(run[stop - 1] as string)) stop -= 1;
  return run.slice(0, stop);
}

/** The first e-mail address in the text. */
export function findEmail(text: string): string | null {
  let from = 0;
  while (from < text.length) {
    const at = text.indexOf('@', from);
    if (at < 0) return null;
    let start = at;
    while (start > 0 && LOCAL.test(text[start - 1] as string)) start -= 1;
    let end = at + 1;
    while (end < text.length && DOMAIN.test(text[end] as string)) end += 1;
    const local = text.slice(start, at).replace(/^[._%+-]+/u, '');
    const domain = trimEnd(text.slice(at + 1, end), /[.-]/u);
    const labels = domain.split('.');
    if (
      local !== '' &&
      labels.length >= 2 &&
      labels.every((label) => label !== '') &&
      /^[A-Za-z]{2,}$/u.test(labels.at(-1) ?? '')
    ) {
      return `${local}@${domain}`;
    }
    from = end > at + 1 ? end : at + 1;
  }
  return null;
}

const PHONE_CHAR = /[\d\s().+-]/u;

const WORD_CHAR = /[\p{L}\p{N}_/@]/u;
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/**
 * Phone numbers: runs of digits, spaces, brackets, dots, hyphens and a leading plus, with 7 to
 * 15 digits, standing apart from words. Never a DOI ("10.1234/…"), an identifier glued to a word
 * ("neurips.2023.1234"), an ISBN, or a date range.
 */
export function findPhones(text: string): string[] {
  const phones: string[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    if (!/[\d(+]/u.test(char)) {
      index += 1;
      continue;
    }
    let end = index;
    while (end < text.length && PHONE_CHAR.test(text[end] as string)) end += 1;
    const before = text[index - 1];
    const raw = text.slice(index, end);
    const run = trimEnd(raw.trim(), TRAILING);
    // The character after the number itself (not after the spaces the run took in).
    const after = run.length === raw.length ? text[end] : undefined;
    index = Math.max(end, index + 1);
    // Glued to a word or a path on either side: part of an identifier, a DOI or a URL.
    if (
      (before !== undefined && (WORD_CHAR.test(before) || before === '.')) ||
      (after !== undefined && WORD_CHAR.test(after))
    ) {
      continue;
    }
    const digits = run.replace(/\D/gu, '').length;
    if (digits < MIN_DIGITS || digits > MAX_DIGITS) continue;
    if (findDateRanges(run).length > 0 || (/^97[89][- ]?\d/u.test(run) && digits === 13)) continue;
    if (/\bisbn\b|\bdoi\b/iu.test(text.slice(Math.max(0, index - run.length - 12), index)))
      continue;
    phones.push(run.replace(/([-–])[-–]+/gu, '$1').replace(/\s+/gu, ' '));
  }
  return phones;
}

export const LINKEDIN = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/(?:in|pub)\/[\w%-]+\/?/iu;
const URL_HINT = /(?:https?:\/\/|www\.|\.(?:com|io|dev|org|net|in|me|co|edu|ai)\b\/?)/iu;

/** A line that holds contact details: an e-mail, a phone number or a link. */
export function holdsContact(text: string): boolean {
  return findEmail(text) !== null || findPhones(text).length > 0 || URL_HINT.test(text);
}
