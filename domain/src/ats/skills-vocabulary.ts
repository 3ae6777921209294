import type { Token } from './keyword-tokens';
import { piecesOf, stem } from './keyword-tokens';
import { SKILLS_VOCABULARY } from './skills-vocabulary.data';

/** The skills vocabulary (data) indexed by its forms' stemmed words. */

/** One way of writing a keyword: its words stemmed, and whether the capitals must match. */
export interface Form {
  words: string[];
  /** The words as they must be written ("Go", "C"), or null when any casing matches. */
  cased: string[] | null;
}

export interface VocabularyEntry {
  term: string;
  forms: Form[];
}

function formOf(spelling: string): Form {
  const everyday = spelling.startsWith('!');
  const written = everyday ? spelling.slice(1) : spelling;
  const raws = written.split(/\s+/u).flatMap(piecesOf);
  // Short names in capitals ("C", "R", "UI", "IT") are words too when written in lower case.
  const capitals = raws.length === 1 && /^\p{Lu}{1,3}$/u.test(raws[0] ?? '');
  return { words: raws.map(stem), cased: everyday || capitals ? raws : null };
}

export const VOCABULARY: VocabularyEntry[] = SKILLS_VOCABULARY.split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '')
  .map((line) => {
    const spellings = line.split('|').map((spelling) => spelling.trim());
    return { term: (spellings[0] ?? '').replace(/^!/u, ''), forms: spellings.map(formOf) };
  });

export const FORM_INDEX = new Map<string, { entry: number; form: Form }>();
VOCABULARY.forEach((entry, index) => {
  for (const form of entry.forms) FORM_INDEX.set(form.words.join(' '), { entry: index, form });
});

export function casedMatch(form: Form, tokens: readonly Token[], at: number): boolean {
  if (form.cased === null) return true;
  const first = tokens[at];
  // An everyday word counts as a name only inside a sentence ("in Go", not "Go to market").
  if (first === undefined || (first.sentenceStart && form.cased.length === 1)) return false;
  return form.cased.every((raw, offset) => tokens[at + offset]?.raw === raw);
}
