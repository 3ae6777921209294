/**
 * Keywords of a job description, found in its own words (no fixed skills list): the terms it
 * repeats, names in capitals or with the marks of a technology (C++, Node.js, CI/CD), and the
 * two-word phrases it uses as one thing ("machine learning", "stakeholder management").
 */

// Function words and the boilerplate every job advert shares; they say nothing about the job.
const STOP_WORDS = new Set(
  `a about above across after again against all also am an and any are as at be because been
  before being below between both but by can could did do does doing down during each either
  etc every few for from further had has have having he her here hers him his how i if in into
  is it its itself just least less like may me might more most must my no nor not now of off on
  once only or other our ours out over own per plus same she should so some such than that the
  their theirs them then there these they this those through to too under until up upon us very
  via was we were what when where which while who whom why will with within without would you
  your yours yourself able ability across join joining role roles job jobs position candidate
  candidates applicant applicants company team teams work working works experience experienced
  year years month months day days looking seeking opportunity opportunities responsibility
  responsibilities requirement requirements required preferred plus strong excellent good great
  knowledge understanding skills skill including include includes etc well new using use used
  related relevant ideal ideally minimum least help make ensure across within based key must
  will want need needs offer benefits apply salary location remote hybrid office full time
  part including other others we're you'll you're it's what's e.g i.e`.split(/\s+/u),
);

export interface JdKeyword {
  /** As the job description writes it (its most frequent casing). */
  term: string;
  /** Lower-case, plural-stripped words, for matching. */
  stems: string[];
}

export interface KeywordMatch {
  keywords: JdKeyword[];
  found: string[];
  missing: string[];
  /** 0–100; null when the description yields no keyword. */
  percent: number | null;
}

const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}+#./'-]*[\p{L}\p{N}+#]|[\p{L}\p{N}]/gu;
/** How many keywords a description yields at most. */
export const MAX_KEYWORDS = 20;

interface Token {
  raw: string;
  word: string;
  /** Index of the phrase (text between punctuation) it belongs to. */
  phrase: number;
  sentenceStart: boolean;
}

export function stem(word: string): string {
  // An acronym's plural (APIs, KPIs) keeps its capitals before the s.
  if (/\p{Lu}s$/u.test(word)) return word.slice(0, -1).toLowerCase();
  const lower = word.toLowerCase().replace(/'s$/u, '');
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !/(?:ss|us|is)$/u.test(lower)) {
    return lower.slice(0, -1);
  }
  return lower;
}

// Commas, colons, brackets, dashes and line breaks end a phrase: no bigram crosses them. Only
// a full stop, a question or exclamation mark or a line break starts a sentence, whose first
// word is capitalised by grammar rather than because it is a name.
const PHRASE_END = /([,;:()[\]{}\u2022]|[ \t][–—-]\s)|([!?\n\r]|\.(?=\s|$))/u;

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let rest = text;
  let phrase = 0;
  let sentenceStart = true;
  while (rest !== '') {
    const end = PHRASE_END.exec(rest);
    const chunk = end === null ? rest : rest.slice(0, end.index);
    let first: boolean = sentenceStart;
    for (const match of chunk.matchAll(TOKEN)) {
      const raw = match[0].replace(/\.$/u, '');
      tokens.push({ raw, word: stem(raw), phrase, sentenceStart: first });
      first = false;
    }
    if (end === null) break;
    // A break with nothing before it (a blank line) keeps the sentence start it had.
    sentenceStart = end[2] !== undefined || (first && sentenceStart);
    phrase += 1;
    rest = rest.slice(end.index + end[0].length);
  }
  return tokens;
}

function isCandidate(token: Token): boolean {
  const lower = token.raw.toLowerCase();
  if (STOP_WORDS.has(lower) || STOP_WORDS.has(token.word)) return false;
  if (/^\d+[+]?$/u.test(token.raw)) return false;
  return token.raw.length >= 2 || /^[A-Z]$/u.test(token.raw);
}

/** Capitalised where a sentence does not ask for it, or written like a technology name. */
function isMarked(token: Token): boolean {
  if (/[+#./]|\d/u.test(token.raw) && /\p{L}/u.test(token.raw)) return true;
  if (/^\p{Lu}{2,}$/u.test(token.raw)) return true;
  return !token.sentenceStart && /^\p{Lu}/u.test(token.raw);
}

interface Tally {
  score: number;
  count: number;
  spellings: Map<string, number>;
  stems: string[];
}

function add(
  tallies: Map<string, Tally>,
  key: string,
  stems: string[],
  raw: string,
  score: number,
) {
  const tally = tallies.get(key) ?? { score: 0, count: 0, spellings: new Map(), stems };
  tally.score += score;
  tally.count += 1;
  tally.spellings.set(raw, (tally.spellings.get(raw) ?? 0) + 1);
  tallies.set(key, tally);
}

function spellingOf(tally: Tally): string {
  let best = '';
  let bestCount = 0;
  for (const [spelling, count] of tally.spellings) {
    if (count > bestCount) [best, bestCount] = [spelling, count];
  }
  return best;
}

export function extractKeywords(jobDescription: string, max = MAX_KEYWORDS): JdKeyword[] {
  const tokens = tokensOf(jobDescription);
  const unigrams = new Map<string, Tally>();
  const bigrams = new Map<string, Tally>();
  tokens.forEach((token, index) => {
    if (!isCandidate(token)) return;
    add(unigrams, token.word, [token.word], token.raw, 1 + (isMarked(token) ? 1.5 : 0));
    const next = tokens[index + 1];
    if (next === undefined || next.phrase !== token.phrase || !isCandidate(next)) return;
    const bothMarked = isMarked(token) && isMarked(next);
    add(
      bigrams,
      `${token.word} ${next.word}`,
      [token.word, next.word],
      `${token.raw} ${next.raw}`,
      1.5 + (bothMarked ? 1.5 : 0),
    );
  });
  // A phrase counts when it recurs or is written as a name; then it stands for its words.
  const phrases = [...bigrams.values()].filter(
    (tally) => tally.count >= 2 || tally.score >= 3 * tally.count,
  );
  const covered = new Map<string, number>();
  for (const phrase of phrases) {
    for (const word of phrase.stems) covered.set(word, (covered.get(word) ?? 0) + phrase.count);
  }
  const words = [...unigrams.values()].filter(
    (tally) => tally.count > (covered.get(tally.stems[0] ?? '') ?? 0),
  );
  const ranked = [...phrases, ...words]
    .filter((tally) => tally.count >= 2 || tally.score > tally.count)
    .sort(
      (a, b) =>
        b.score - a.score || b.count - a.count || spellingOf(a).localeCompare(spellingOf(b)),
    );
  return ranked.slice(0, max).map((tally) => ({ term: spellingOf(tally), stems: tally.stems }));
}

/** Which keywords the resume's text contains, word for word after stemming. */
export function matchKeywords(keywords: readonly JdKeyword[], resumeText: string): KeywordMatch {
  const words = tokensOf(resumeText).map((token) => token.word);
  const found: string[] = [];
  const missing: string[] = [];
  for (const keyword of keywords) {
    const hit = words.some((_, start) =>
      keyword.stems.every((word, offset) => words[start + offset] === word),
    );
    (hit ? found : missing).push(keyword.term);
  }
  return {
    keywords: [...keywords],
    found,
    missing,
    percent: keywords.length === 0 ? null : Math.round((100 * found.length) / keywords.length),
  };
}
