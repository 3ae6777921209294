import { findEmail, findPhones, holdsContact, LINKEDIN } from './contact-patterns';
import { findDates } from './dates';
import type { AtsLine } from './lines';
import { isStreet, type PlaceEvidence, placeEvidence } from './places';
import type { AtsSection } from './sections';
import { DEGREE_WORDS, JOB_TITLE_WORDS } from './words';

/*
 * The name and contact details, read only from the contact block: the lines before the first
 * heading, any section headed "Contact" or "Personal details", and the lines around an e-mail
 * address found elsewhere (contact details at the foot of the page). A number in a publication
 * (a DOI) or a date elsewhere is never the phone.
 */

export interface ContactFields {
  name: string | null;
  email: string | null;
  phone: string | null;
  location: string | null;
  linkedin: string | null;
  /**
   * Text of the contact block that may hold a place the reader could not parse as one: the
   * evidence that softens "no location" into "could not be read from …".
   */
  unreadPlaces: string[];
}

// Bounded lines and parts: contact details are short, and the rules below stay cheap.
const MAX_CONTACT_CHARS = 300;
const NEIGHBOURS = 2;
const SEPARATORS = /\s[|•·]\s|\s[–—-]\s|\s,\s|\s{3,}|\t|\s\|\s?|\|/u;

interface Part {
  part: string;
  line: AtsLine;
}

const LINK_TOKEN = /@|\/|^(?:https?:|www\.)|\.(?:com|io|dev|org|net|in|me|co|edu|ai)$/iu;

/**
 * A run of contact details without separators ("a@b.com +1 (415) 555-0142 San Francisco, CA
 * linkedin.com/in/x") cut at each e-mail, phone and link, so what lies between stands alone.
 */
function betweenContacts(text: string): string[] {
  let rest = text;
  const email = findEmail(rest);
  if (email !== null) rest = rest.replace(email, ' | ');
  for (const phone of findPhones(rest)) rest = rest.replace(phone, ' | ');
  return rest
    .split(' ')
    .map((token) => (LINK_TOKEN.test(token) ? '|' : token))
    .join(' ')
    .split('|');
}

function partsOf(line: AtsLine): Part[] {
  return line.segments
    .flatMap((segment) => segment.text.split(SEPARATORS))
    .flatMap(betweenContacts)
    .map((part) =>
      part.replace(/^(?:e-?mail|mobile|phone|tel|cell|address|location)\s?:\s?/iu, '').trim(),
    )
    .filter((part) => part !== '')
    .map((part) => ({ part, line }));
}

// The topmost lines of the first page hold the name even when a sidebar is read first.
const TOP_LINES = 3;

function topLines(all: readonly AtsLine[]): AtsLine[] {
  const top: AtsLine[] = [];
  for (const line of all) {
    if (line.page !== 1) continue;
    top.push(line);
    top.sort((a, b) => a.y - b.y);
    if (top.length > TOP_LINES) top.pop();
  }
  return top;
}

/**
 * The contact block's lines: profile sections (before the first heading, or under "Contact"),
 * and the neighbourhood of an e-mail found elsewhere (details at the foot of the page).
 */
function contactBlock(sections: readonly AtsSection[]): AtsLine[] {
  const all = sections.flatMap((section) => section.lines);
  const block = sections.filter((section) => section.kind === 'profile').flatMap((s) => s.lines);
  if (block.some((line) => findEmail(line.text) !== null)) return block;
  const at = all.findIndex(
    (line) => line.text.length <= MAX_CONTACT_CHARS && findEmail(line.text) !== null,
  );
  if (at < 0) return block;
  const around = all.slice(Math.max(0, at - NEIGHBOURS), at + NEIGHBOURS + 1);
  return [...block, ...around.filter((line) => !block.includes(line))];
}

function nameOf(parts: readonly Part[], largest: number): string | null {
  let winner: string | null = null;
  let top = 0;
  for (const { part, line } of parts) {
    if (/[@\d/:,]/u.test(part) || part.length > 60) continue;
    const words = part.split(/\s+/u);
    if (words.length < 2 || words.length > 4) continue;
    if (!words.every((word) => /^\p{Lu}[\p{L}'’.-]*$/u.test(word))) continue;
    let score = 3;
    if (line.fontSize === largest) score += 2;
    if (line.emphasised) score += 1;
    if (JOB_TITLE_WORDS.test(part)) score -= 2;
    if (placeEvidence(part) !== 'none') score -= 2;
    if (score > top) [winner, top] = [part, score];
  }
  return winner;
}

const EVIDENCE_RANK: Readonly<Record<PlaceEvidence, number>> = { none: 0, shape: 1, known: 2 };

/**
 * The best place among the contact parts: a street address with its town, a known region last
 * ("Mountain View, CA, USA"), or a phrase shaped like one. Consecutive lines of a postal address
 * ("123 Gotham St" above "Gotham, USA") are read together.
 */
function locationOf(parts: readonly Part[], name: string | null) {
  let best: string | null = null;
  let rank = 0;
  const consider = (text: string) => {
    const value = EVIDENCE_RANK[placeEvidence(text)];
    if (value > rank) [best, rank] = [text, value];
  };
  parts.forEach(({ part }, index) => {
    if (part === name) return;
    consider(part);
    // A street on its own line: its town is the next part that reads as a place.
    if (!isStreet(part)) return;
    const town = parts
      .slice(index + 1, index + 3)
      .find((next) => next.part !== name && placeEvidence(next.part) !== 'none');
    if (town !== undefined) consider(`${part}, ${town.part}`);
  });
  const unread = parts
    .map(({ part }) => part)
    .filter(
      (part) =>
        part !== name &&
        part !== best &&
        /^\p{Lu}/u.test(part) &&
        part.split(/\s+/u).length >= 2 &&
        part.split(/\s+/u).length <= 6 &&
        !holdsContact(part) &&
        !JOB_TITLE_WORDS.test(part) &&
        !DEGREE_WORDS.test(part) &&
        findDates(part).length === 0 &&
        /\d|,/u.test(part),
    );
  return { location: best as string | null, unread };
}

export function contactFieldsOf(sections: readonly AtsSection[]): ContactFields {
  const block = contactBlock(sections).filter((line) => line.text.length <= MAX_CONTACT_CHARS);
  const parts = block.flatMap(partsOf);
  // The name may also sit at the top of the main column when a sidebar is read first.
  const all = sections.flatMap((section) => section.lines);
  const top = topLines(all).filter((line) => !block.includes(line));
  const nameLines = [...block, ...top].filter((line) => line.text.length <= MAX_CONTACT_CHARS);
  const largest = nameLines.reduce((size, line) => Math.max(size, line.fontSize), 0);
  const name = nameOf([...parts, ...top.flatMap(partsOf)], largest);
  let email: string | null = null;
  let phone: string | null = null;
  for (const line of block) {
    email ??= findEmail(line.text);
    phone ??= findPhones(line.text)[0] ?? null;
  }
  if (email === null) {
    for (const line of all) {
      email = findEmail(line.text);
      if (email !== null) break;
    }
  }
  let linkedin: string | null = null;
  for (const line of all) {
    linkedin = LINKEDIN.exec(line.text)?.[0] ?? null;
    if (linkedin !== null) break;
  }
  const { location, unread } = locationOf(
    parts.filter(({ part }) => !holdsContact(part)),
    name,
  );
  return { name, email, phone, location, linkedin, unreadPlaces: location === null ? unread : [] };
}
