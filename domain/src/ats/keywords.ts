import { excludedWords, jobDescriptionLines, type LineContext } from './job-description';
import { type Token, tokensOf } from './keyword-tokens';
import {
  casedMatch,
  FORM_INDEX,
  type Form,
  VOCABULARY,
  type VocabularyEntry,
} from './skills-vocabulary';

export { stem } from './keyword-tokens';

/**
 * Keywords of a job description: the skills and technologies it names (a vocabulary kept as
 * data), the technology names it writes itself (C++, Node.js, GraphQL, SAP) and the noun phrases
 * it repeats. Never the employer's name, a place, or the words every advert shares. Each keyword
 * says whether the description asks for it as a must or as a plus, where it says so.
 */

export type KeywordImportance = 'must' | 'nice' | null;

export interface JdKeyword {
  /** As the job description writes it. */
  term: string;
  /** Lower-case, plural-stripped words of its first form, for matching. */
  stems: string[];
  forms: Form[];
  importance: KeywordImportance;
}

export interface KeywordMatch {
  keywords: JdKeyword[];
  found: string[];
  missing: string[];
  /** 0–100; null when the description yields no keyword. */
  percent: number | null;
  /** The keywords the description requires, and those it names as a plus. */
  required: string[];
  preferred: string[];
}

/** How many keywords a description yields at most. */
const MAX_KEYWORDS = 20;
const LONGEST_TERM = 4;

// Function words and the boilerplate every job advert shares; they say nothing about the job.
const STOP_WORDS = new Set(
  `a about above across after again against all also am an and any are as at be because been
  before being below between both but by can could did do does doing down during each either
  etc every few for from further had has have having he her here hers him his how i if in into
  is it its itself just least less like may me might more most must my no nor not now of off on
  once only or other our ours out over own per plus same she should so some such than that the
  their theirs them then there these they this those through to too under until up upon us very
  via was we were what when where which while who whom why will with within without would you
  your yours yourself able ability join joining role roles job jobs position candidate
  candidates applicant applicants company team teams work working works experience experienced
  year years month months day days looking seeking opportunity opportunities responsibility
  responsibilities requirement requirements required preferred strong excellent good great
  knowledge understanding skills skill including include includes well new using use used
  related relevant ideal ideally minimum help make ensure based key want need needs offer
  benefits apply salary location remote hybrid office full time part description senior junior
  lead principal staff level mid entry successful proficiency proficient familiarity familiar
  degree similar field fields both technical technologies technology developing development
  designing design creating building meeting staying seeing overseeing capable dynamic leading
  innovative variety industries mission lives advanced currently abreast developments needs
  e.g i.e we're you'll you're it's what's`.split(/\s+/u),
);

interface Tally {
  term: string;
  forms: Form[];
  count: number;
  kind: 'vocabulary' | 'name' | 'phrase';
  contexts: Set<LineContext>;
  spellings: Map<string, number>;
}

function tally(
  tallies: Map<string, Tally>,
  key: string,
  seed: Omit<Tally, 'count' | 'contexts' | 'spellings'>,
  spelling: string,
  context: LineContext,
) {
  const current = tallies.get(key) ?? {
    ...seed,
    count: 0,
    contexts: new Set(),
    spellings: new Map(),
  };
  current.count += 1;
  current.contexts.add(context);
  current.spellings.set(spelling, (current.spellings.get(spelling) ?? 0) + 1);
  tallies.set(key, current);
}

// A name written like a technology: symbols (C++, Node.js, .NET), inner capitals (GraphQL),
// letters and digits (HTML5, S3), or an acronym (SAP, AWS).
const TECH_NAME = /[+#]|\.\p{L}|\p{Ll}\p{Lu}|\p{L}\d|\d\p{L}|^\p{Lu}{2,6}s?$/u;

function isCandidateWord(token: Token, excluded: ReadonlySet<string>): boolean {
  const lower = token.raw.toLowerCase();
  return (
    !STOP_WORDS.has(lower) &&
    !STOP_WORDS.has(token.word) &&
    !excluded.has(lower) &&
    !excluded.has(token.word) &&
    !/^\d+[+%]?$/u.test(token.raw) &&
    token.raw.length >= 2
  );
}

const importanceOf = (contexts: ReadonlySet<LineContext>): KeywordImportance =>
  contexts.has('must') ? 'must' : contexts.has('nice') ? 'nice' : null;

function spellingOf(tally: Tally): string {
  let best = tally.term;
  let bestCount = 0;
  for (const [spelling, count] of tally.spellings) {
    if (count > bestCount) [best, bestCount] = [spelling, count];
  }
  return best;
}

const KIND_SCORE = { vocabulary: 3, name: 2, phrase: 1 } as const;
const CONTEXT_SCORE = { must: 2, nice: 1, null: 0 } as const;

export function extractKeywords(jobDescription: string, max = MAX_KEYWORDS): JdKeyword[] {
  const lines = jobDescriptionLines(jobDescription).filter((line) => line.context !== 'skip');
  const excluded = excludedWords(jobDescriptionLines(jobDescription));
  const tokens = tokensOf(lines);
  const tallies = new Map<string, Tally>();
  const inTerm = new Set<number>();
  for (let at = 0; at < tokens.length; at++) {
    if (inTerm.has(at)) continue;
    // The longest vocabulary term starting here, within one phrase.
    for (let length = Math.min(LONGEST_TERM, tokens.length - at); length >= 1; length--) {
      const span = tokens.slice(at, at + length);
      if (span.some((token) => token.phrase !== span[0]?.phrase)) continue;
      const hit = FORM_INDEX.get(span.map((token) => token.word).join(' '));
      if (hit === undefined || !casedMatch(hit.form, tokens, at)) continue;
      if (span.some((token) => excluded.has(token.raw.toLowerCase()))) continue;
      const entry = VOCABULARY[hit.entry] as VocabularyEntry;
      const spelling = span.map((token) => token.raw).join(' ');
      tally(
        tallies,
        `v${hit.entry}`,
        { term: entry.term, forms: entry.forms, kind: 'vocabulary' },
        spelling,
        span[0]?.context ?? 'neutral',
      );
      for (let offset = 0; offset < length; offset++) inTerm.add(at + offset);
      break;
    }
  }
  tokens.forEach((token, at) => {
    if (inTerm.has(at) || !isCandidateWord(token, excluded)) return;
    if (TECH_NAME.test(token.raw) && !(token.sentenceStart && /^\p{Lu}\p{Ll}+$/u.test(token.raw))) {
      const form: Form = { words: [token.word], cased: null };
      tally(
        tallies,
        `n${token.word}`,
        { term: token.raw, forms: [form], kind: 'name' },
        token.raw,
        token.context,
      );
      return;
    }
    const next = tokens[at + 1];
    if (next === undefined || next.phrase !== token.phrase || inTerm.has(at + 1)) return;
    if (
      !isCandidateWord(next, excluded) ||
      !/^\p{Ll}/u.test(token.raw) ||
      !/^\p{Ll}/u.test(next.raw)
    )
      return;
    const form: Form = { words: [token.word, next.word], cased: null };
    tally(
      tallies,
      `p${token.word} ${next.word}`,
      { term: `${token.raw} ${next.raw}`, forms: [form], kind: 'phrase' },
      `${token.raw} ${next.raw}`,
      token.context,
    );
  });
  const ranked = [...tallies.values()]
    // A phrase of ordinary words counts only when the description repeats it.
    .filter((entry) => entry.kind !== 'phrase' || entry.count >= 2)
    .map((entry) => ({
      entry,
      score:
        KIND_SCORE[entry.kind] +
        CONTEXT_SCORE[`${importanceOf(entry.contexts)}`] +
        0.5 * Math.min(entry.count, 3),
    }))
    .sort((a, b) => b.score - a.score || spellingOf(a.entry).localeCompare(spellingOf(b.entry)));
  return ranked.slice(0, max).map(({ entry }) => ({
    term: spellingOf(entry),
    stems: entry.forms[0]?.words ?? [],
    forms: entry.forms,
    importance: importanceOf(entry.contexts),
  }));
}

/** Which keywords the resume's text contains, in any of their forms, after plurals are folded. */
export function matchKeywords(keywords: readonly JdKeyword[], resumeText: string): KeywordMatch {
  const tokens = tokensOf(
    resumeText.split('\n').map((text) => ({ text, context: 'neutral' as const })),
  );
  // Where each word stands, so a form is looked for only where its first word is.
  const at = new Map<string, number[]>();
  tokens.forEach((token, index) => {
    const list = at.get(token.word);
    if (list === undefined) at.set(token.word, [index]);
    else list.push(index);
  });
  const present = (form: Form): boolean =>
    (at.get(form.words[0] ?? '') ?? []).some((start) =>
      form.words.every((word, offset) => {
        const token = tokens[start + offset];
        return (
          token !== undefined &&
          token.word === word &&
          (form.cased === null || token.raw === form.cased[offset])
        );
      }),
    );
  const found: string[] = [];
  const missing: string[] = [];
  for (const keyword of keywords) {
    const hit = keyword.forms.some(present);
    (hit ? found : missing).push(keyword.term);
  }
  return {
    keywords: [...keywords],
    found,
    missing,
    percent: keywords.length === 0 ? null : Math.round((100 * found.length) / keywords.length),
    required: keywords.filter((k) => k.importance === 'must').map((k) => k.term),
    preferred: keywords.filter((k) => k.importance === 'nice').map((k) => k.term),
  };
}
