import { isOnlyDates } from './dates';
import { isPlace } from './places';

/*
 * What sits beside a resume's text without being a second column of it: dates, a place, a
 * duration, a page number. A cell of these keeps a one-column reading (right-aligned dates, a
 * date gutter on the left); any other text beside the text is a column or a table.
 */

const DURATION = /^\d{1,2}\s(?:years?|yrs?|months?|mos?)(?:,?\s\d{1,2}\s(?:months?|mos?))?$/iu;
const PAGE_NUMBER = /^(?:page\s?)?\d{1,3}(?:\s?(?:of|\/)\s?\d{1,3})?$/iu;
// "Expected Graduation: June 2016", "Date: Sept 2002 – June 2006".
const LABELLED = /^[\p{L}][\p{L} ]{0,30}:\s?/u;
const PIECES = /\s[|·•&]\s/u;
const MAX_SIDE_NOTE = 120;

function isNotePiece(piece: string): boolean {
  const text = piece.trim();
  if (text === '') return true;
  return (
    isOnlyDates(text) ||
    DURATION.test(text) ||
    PAGE_NUMBER.test(text) ||
    isPlace(text) ||
    (LABELLED.test(text) && isOnlyDates(text.replace(LABELLED, '')))
  );
}

export function isSideNote(text: string): boolean {
  const tidied = text.replace(/\s+/gu, ' ').trim();
  if (tidied === '' || tidied.length > MAX_SIDE_NOTE) return false;
  return tidied.split(PIECES).every(isNotePiece);
}
