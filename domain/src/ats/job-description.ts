import { cleanJobDescription } from './normalise';
import { placeEvidence } from './places';

/*
 * A job description read as a recruiter reads it: which lines ask for something (and whether as
 * a must or as a plus), which are about the employer, the benefits or how to apply, and which
 * words are the employer's name or a place. Line by line; each rule looks at one short line.
 */

/** How the description asks for what a line names. */
export type LineContext = 'must' | 'nice' | 'neutral' | 'skip';

export interface JdLine {
  text: string;
  context: LineContext;
}

const MUST_HEADING =
  /^(?:requirements?|required(?: skills| qualifications)?|qualifications|minimum qualifications|basic qualifications|must[- ]haves?|what you(?:'ll| will)? need|what we(?:'re| are) looking for|who you are|you have|you bring|skills(?: and experience)?|key skills|essential(?: skills)?)\b/iu;
const NICE_HEADING =
  /^(?:nice[- ]to[- ]haves?|preferred(?: qualifications| skills)?|bonus(?: points)?|good to have|desirable|pluses|additional qualifications|it would be great if)\b/iu;
const SKIP_HEADING =
  /^(?:benefits|perks|about (?:us|the company|the team)|who we are|how to apply|to apply|equal opportunity|what we offer|we offer|compensation|salary|our mission|why join)\b/iu;
const NEUTRAL_HEADING =
  /^(?:responsibilities|job description|description|the role|about the role|role|what you(?:'ll| will) do|your role|duties|overview|summary)\b/iu;
// Words inside a line that say how much it matters.
const NICE_CUE =
  /\b(?:nice to have|is a plus|a plus|are a plus|preferred|bonus|desirable|ideally)\b/iu;
const MUST_CUE = /\b(?:must|required|mandatory|essential)\b/iu;
// Sentences that describe the employer or the law, whatever section they sit in.
const SKIP_LINE =
  /\b(?:equal opportunity employer|is an equal opportunity|submit your (?:resume|cv|application)|apply (?:now|today|by|at))\b/iu;
const MAX_HEADING_WORDS = 6;

function headingContext(line: string): LineContext | null {
  const text = line.replace(/^[\s•*-]+/u, '').trim();
  if (text.split(/\s+/u).length > MAX_HEADING_WORDS || /[.,;]$/u.test(text)) return null;
  if (SKIP_HEADING.test(text)) return 'skip';
  if (NICE_HEADING.test(text)) return 'nice';
  if (MUST_HEADING.test(text)) return 'must';
  if (NEUTRAL_HEADING.test(text)) return 'neutral';
  return null;
}

/** The description's lines, each with how it asks for what it names. */
export function jobDescriptionLines(jobDescription: string): JdLine[] {
  let section: LineContext = 'neutral';
  const lines: JdLine[] = [];
  for (const raw of cleanJobDescription(jobDescription).split('\n')) {
    const text = raw.trim();
    if (text === '') continue;
    const heading = text.length <= 80 ? headingContext(text) : null;
    if (heading !== null) {
      section = heading;
      // "Requirements: SQL, Python" names skills on the heading's own line.
      const rest = text.replace(/^[^:]*:\s?/u, '');
      if (text.includes(':') && rest !== '') lines.push({ text: rest, context: heading });
      continue;
    }
    let context = section;
    if (section !== 'skip') {
      if (SKIP_LINE.test(text)) context = 'skip';
      else if (NICE_CUE.test(text)) context = 'nice';
      else if (MUST_CUE.test(text)) context = 'must';
    }
    lines.push({ text, context });
  }
  return lines;
}

const EMPLOYER_SENTENCE =
  /^((?:\p{Lu}[\p{L}&.'’-]*)(?:\s(?:\p{Lu}[\p{L}&.'’-]*|of|and|&)){0,4})\s(?:is|are|was|has been)\s(?:a|an|the|one|currently|seeking|hiring|looking|proud)\b/u;

/**
 * Words that name the employer or a place: never a keyword. The employer is the name before
 * "is a …" or "is seeking …" and the name in the description's e-mail domain; places are
 * comma-separated phrases that read as one ("San Francisco, CA, USA").
 */
export function excludedWords(lines: readonly JdLine[]): Set<string> {
  const excluded = new Set<string>();
  const addWords = (text: string) => {
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
      if (word.length > 1) excluded.add(word);
    }
  };
  for (const { text } of lines) {
    if (text.length > 400) continue;
    const employer = EMPLOYER_SENTENCE.exec(text)?.[1];
    if (employer !== undefined) addWords(employer);
    for (const match of text.matchAll(/@([a-z0-9-]+)\./giu)) addWords(match[1] ?? '');
    const parts = text.split(',').map((part) => part.trim());
    for (let start = 0; start < parts.length; start++) {
      for (let take = Math.min(4, parts.length - start); take >= 2; take--) {
        const phrase = parts.slice(start, start + take).join(', ');
        if (placeEvidence(phrase) === 'known') {
          addWords(phrase);
          break;
        }
      }
    }
  }
  return excluded;
}
