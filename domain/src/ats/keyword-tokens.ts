import type { JdLine, LineContext } from './job-description';

/*
 * Words of a job description or a resume, as the keyword match compares them: stemmed, with
 * the phrase (text between punctuation) each belongs to and whether it opens a sentence.
 */

export interface Token {
  raw: string;
  word: string;
  /** Index of the phrase (text between punctuation) it belongs to. */
  phrase: number;
  sentenceStart: boolean;
  context: LineContext;
}

export function stem(word: string): string {
  // An acronym's plural (APIs, KPIs) keeps its capitals before the s.
  if (/\p{Lu}s$/u.test(word)) return word.slice(0, -1).toLowerCase();
  const lower = word.toLowerCase().replace(/['’]s$/u, '');
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !/(?:ss|us|is)$/u.test(lower)) {
    return lower.slice(0, -1);
  }
  return lower;
}

const TOKEN =
  /(?<![\p{L}\p{N}])\.?[\p{L}\p{N}][\p{L}\p{N}+#./'’-]*[\p{L}\p{N}+#]|[\p{L}\p{N}][+#]*/gu;
// Commas, colons, brackets, dashes and line breaks end a phrase: no phrase crosses them. A full
// stop, a question or exclamation mark, a bullet or a line break starts a sentence, whose first
// word is capitalised by grammar rather than because it is a name.
const PHRASE_END = /([,;:()[\]{}]|[ \t][–—-]\s)|([!?\n\r•]|\.(?=\s|$))/u;

/** A token's words: hyphens split ("front-end"), and a slash between longer words ("HTML/CSS"). */
export function piecesOf(raw: string): string[] {
  // Most words have neither: no pattern needs to look at them.
  if (!raw.includes('-') && !raw.includes('/') && !raw.endsWith('.')) return [raw];
  const clean = raw.replace(/\.$/u, '');
  const slashed = clean.split('/');
  const parts = slashed.length > 1 && slashed.some((part) => part.length > 3) ? slashed : [clean];
  return parts.flatMap((part) =>
    /^[\p{L}]+(?:-[\p{L}]+)+$/u.test(part) ? part.split('-') : [part],
  );
}

const PHRASE_ENDS = new RegExp(PHRASE_END.source, 'gu');

export function tokensOf(lines: readonly JdLine[]): Token[] {
  const tokens: Token[] = [];
  // A resume repeats its words: each is stemmed once.
  const stems = new Map<string, string>();
  const stemOf = (raw: string) => {
    let word = stems.get(raw);
    if (word === undefined) {
      word = stem(raw);
      stems.set(raw, word);
    }
    return word;
  };
  let phrase = 0;
  for (const { text, context } of lines) {
    let sentenceStart = true;
    let from = 0;
    const take = (chunk: string) => {
      let first = sentenceStart;
      for (const match of chunk.matchAll(TOKEN)) {
        for (const raw of piecesOf(match[0])) {
          if (raw === '') continue;
          tokens.push({ raw, word: stemOf(raw), phrase, sentenceStart: first, context });
          first = false;
        }
      }
      return first;
    };
    for (const end of text.matchAll(PHRASE_ENDS)) {
      const untouched = take(text.slice(from, end.index));
      // A break with nothing before it (a blank line) keeps the sentence start it had.
      sentenceStart = end[2] !== undefined || (untouched && sentenceStart);
      phrase += 1;
      from = end.index + end[0].length;
    }
    take(text.slice(from));
    phrase += 1;
  }
  return tokens;
}
