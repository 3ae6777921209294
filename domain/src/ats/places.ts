import { KNOWN_REGIONS, PLACE_WORDS, REGION_CODES_KNOWN, STREET_SUFFIXES } from './places.data';
import { DEGREE_WORDS, JOB_TITLE_WORDS } from './words';

/*
 * Places as a resume writes them: "City, Country" and its longer forms (2–4 comma-separated
 * parts, "Mountain View, CA, USA"), a street address ("555 La Verne Way, La Verne, CA"), or a
 * word such as "Remote". Every test works on one short phrase, word by word.
 */

/** How sure the reader is that a phrase is a place. */
export type PlaceEvidence = 'none' | 'shape' | 'known';

// Small words a place name may hold in lower case ("Republic of Korea", "Stratford upon Avon").
const CONNECTORS = new Set([
  'of',
  'de',
  'la',
  'del',
  'da',
  'do',
  'upon',
  'on',
  'am',
  'im',
  'sur',
  'en',
  'the',
  'el',
  'and',
]);
const PLACE_WORD = /^(?:\p{Lu}[\p{L}'’.-]*|\d{3,6}(?:-\d{3,4})?|[A-Z]{1,2}\d[\dA-Z]?)$/u;
const MAX_PART_WORDS = 5;
// Words that name an organisation, never a place ("Stanford University, Stanford, CA").
const ORGANISATION =
  /\b(?:inc|ltd|llc|corp|corporation|company|technologies|solutions|systems|labs?|university|college|institute|school|academy|bank|group)\b/iu;
const MAX_PLACE_LENGTH = 80;

/** The words of a part, or null when it is not written like a place name. */
function placeWords(part: string): string[] | null {
  const words = part.split(' ').filter((word) => word !== '');
  if (words.length === 0 || words.length > MAX_PART_WORDS) return null;
  for (const word of words) {
    if (!PLACE_WORD.test(word) && !CONNECTORS.has(word)) return null;
  }
  return /\p{L}/u.test(part) || /^\d{3,6}$/u.test(part) ? words : null;
}

function isKnownRegion(part: string): boolean {
  const lower = part.toLowerCase();
  if (KNOWN_REGIONS.has(lower)) return true;
  // A code counts only in capitals: "Austin, TX", never "in", "or", "me".
  return part === part.toUpperCase() && REGION_CODES_KNOWN.has(lower);
}

/** A street, house number first: "555 La Verne Way", "123 Main St", "1600 Amphitheatre Pkwy". */
export function isStreet(part: string): boolean {
  const words = part.split(' ');
  if (words.length < 2 || words.length > 6 || !/^\d{1,6}[A-Za-z]?$/u.test(words[0] ?? '')) {
    return false;
  }
  const last = (words.at(-1) ?? '').toLowerCase().replace(/\.$/u, '');
  return (
    STREET_SUFFIXES.has(last) && words.slice(1).every((word) => /^\p{L}[\p{L}'’.-]*$/u.test(word))
  );
}

/**
 * How much a phrase looks like a place. "known": its last part names a country, state or
 * province, or it starts with a street, or it is a word such as "Remote"; "shape": written like
 * one (capitalised parts separated by commas) but nothing confirms it.
 */
export function placeEvidence(text: string): PlaceEvidence {
  const phrase = text
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(/^(?:location|address|based in)\s?:\s?/iu, '');
  if (phrase === '' || phrase.length > MAX_PLACE_LENGTH) return 'none';
  if (PLACE_WORDS.has(phrase.toLowerCase())) return 'known';
  if (/[@/:|•;]/u.test(phrase) || JOB_TITLE_WORDS.test(phrase) || DEGREE_WORDS.test(phrase)) {
    return 'none';
  }
  const parts = phrase.split(',').map((part) => part.trim());
  if (parts.some((part) => part === '')) return 'none';
  const street = isStreet(parts[0] ?? '');
  const place = street ? parts.slice(1) : parts;
  if (place.length === 1 && (street || isKnownRegion(place[0] ?? ''))) {
    return placeWords(place[0] ?? '') === null ? 'none' : 'known';
  }
  if (place.length < 2 || place.length > 4) return 'none';
  if (place.some((part) => ORGANISATION.test(part))) return 'none';
  const digitParts = place.filter((part) => /\d/u.test(part)).length;
  if (digitParts > 1 || place.some((part) => placeWords(part) === null)) return 'none';
  const last = (place.at(-1) ?? '').replace(/\s\d{3,6}(?:-\d{3,4})?$/u, '');
  if (street || isKnownRegion(last)) return 'known';
  // "Location, COUNTRY", "Gotham, USA"-like: a short capital code or word at the end.
  return 'shape';
}

export function isPlace(text: string): boolean {
  return placeEvidence(text) !== 'none';
}
