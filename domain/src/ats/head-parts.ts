import { isOnlyDates } from './dates';
import { placeEvidence } from './places';
import { JOB_TITLE_WORDS } from './words';

/*
 * The fields of an entry's head line (a job's or a degree's): cut at the separators people put
 * between them, a company's legal suffix kept with it, the place at the end taken apart.
 */

const SEPARATORS = /\s[|•·]\s|\s[–—]\s(?=\p{L})|\t|\s,\s|,\s|\s{3,}/u;
const LEGAL_SUFFIX = /^(?:inc|ltd|llc|llp|plc|co|corp|gmbh|ag|s\.?a|pvt\.? ltd|limited)\.?$/iu;

/** A head's words cut into fields: "Product Manager, Google, Mountain View, CA, USA". */
export function headParts(text: string): { parts: string[]; place: string | null } {
  const raw = text
    .split(SEPARATORS)
    .map((part) => part.trim().replace(/^[\s,|–—-]+|[\s,|–—-]+$/gu, ''));
  const parts: string[] = [];
  for (const part of raw) {
    if (part === '' || isOnlyDates(part)) continue;
    if (LEGAL_SUFFIX.test(part) && parts.length > 0) parts[parts.length - 1] += `, ${part}`;
    else parts.push(part);
  }
  // The longest run of trailing parts that reads as a place is the place, as long as a part
  // other than the title stays for the company ("Product Manager, Google, Mountain View, CA").
  for (let take = Math.min(4, parts.length - 1); take >= 1; take--) {
    const place = parts.slice(-take).join(', ');
    const rest = parts.slice(0, -take);
    const company = rest.some((part) => !JOB_TITLE_WORDS.test(part));
    if (placeEvidence(place) === 'known' && (company || take === 1)) {
      return { parts: rest, place };
    }
  }
  return { parts, place: null };
}
