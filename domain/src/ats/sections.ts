import { trimEndWhere } from './linear-text';
import { type AtsLine, isBulletLine } from './lines';

/** The sections an ATS maps headings to; `other` is a heading it does not recognise. */
export const SECTION_KINDS = [
  'summary',
  'experience',
  'education',
  'skills',
  'projects',
  'certifications',
  'languages',
  'awards',
  'volunteering',
  'publications',
  'interests',
  'references',
] as const;
export type SectionKind = (typeof SECTION_KINDS)[number];

/** The heading a writer should use for each kind (what the checks suggest). */
export const SECTION_TITLES: Readonly<Record<SectionKind, string>> = {
  summary: 'Summary',
  experience: 'Experience',
  education: 'Education',
  skills: 'Skills',
  projects: 'Projects',
  certifications: 'Certifications',
  languages: 'Languages',
  awards: 'Awards',
  volunteering: 'Volunteering',
  publications: 'Publications',
  interests: 'Interests',
  references: 'References',
};

// The wordings parsers (and recruiters' search forms) map to each section.
const HEADING_WORDS: Readonly<Record<SectionKind, readonly string[]>> = {
  summary: [
    'summary',
    'professional summary',
    'career summary',
    'profile',
    'professional profile',
    'about me',
    'objective',
    'career objective',
  ],
  experience: [
    'experience',
    'work experience',
    'professional experience',
    'relevant experience',
    'employment',
    'employment history',
    'work history',
    'career history',
  ],
  education: [
    'education',
    'academic background',
    'academic qualifications',
    'qualifications',
    'education and training',
  ],
  skills: [
    'skills',
    'technical skills',
    'key skills',
    'core skills',
    'soft skills',
    'core competencies',
    'competencies',
    'skills and tools',
  ],
  projects: ['projects', 'personal projects', 'key projects', 'academic projects'],
  certifications: [
    'certifications',
    'certificates',
    'licenses and certifications',
    'licences and certifications',
    'courses',
  ],
  languages: ['languages'],
  awards: ['awards', 'achievements', 'honors', 'honours', 'awards and achievements'],
  volunteering: ['volunteering', 'volunteer experience'],
  publications: ['publications'],
  interests: ['interests', 'hobbies', 'hobbies and interests'],
  references: ['references'],
};

export interface AtsSection {
  /** `profile` is what comes before the first heading: the name and contact lines. */
  kind: SectionKind | 'profile' | 'other';
  /** The heading as written; empty for the profile. */
  title: string;
  lines: AtsLine[];
}

function normalise(text: string): string {
  return trimEndWhere(text.toLowerCase().replace(/&/g, 'and'), /[:.\s]/u)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The section kind a heading's words name, or null. */
export function headingKind(text: string): SectionKind | null {
  const words = normalise(text);
  for (const kind of SECTION_KINDS) {
    if (HEADING_WORDS[kind].includes(words)) return kind;
  }
  return null;
}

const MAX_HEADING_WORDS = 4;

/**
 * OpenResume's heading features: a short line with no digits, set apart by being bold (or in
 * another font) or in capitals. A known heading wording counts even without emphasis, since that
 * is what a parser looks for first.
 */
export function isHeading(line: AtsLine, bodySize: number): boolean {
  const text = line.text.trim();
  if (text === '' || isBulletLine(line) || line.segments.length > 1) return false;
  if (/[\d@|]/.test(text) || text.split(/\s+/).length > MAX_HEADING_WORDS) return false;
  if (headingKind(text) !== null) return true;
  const letters = text.replace(/[^\p{L}]/gu, '');
  const capitals = letters.length >= 3 && letters === letters.toUpperCase();
  const larger = line.fontSize > bodySize * 1.15;
  return capitals && (line.emphasised || larger);
}

/** The font size most lines are set in. */
export function bodySizeOf(lines: readonly AtsLine[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) {
    const size = Math.round(line.fontSize * 2) / 2;
    counts.set(size, (counts.get(size) ?? 0) + line.text.length);
  }
  let best = 11;
  let bestCount = -1;
  for (const [size, count] of counts) {
    if (count > bestCount) [best, bestCount] = [size, count];
  }
  return best;
}

/** Lines → sections by heading; the lines before the first heading form the profile. */
export function sectionsOf(lines: readonly AtsLine[]): AtsSection[] {
  const bodySize = bodySizeOf(lines);
  const sections: AtsSection[] = [{ kind: 'profile', title: '', lines: [] }];
  for (const line of lines) {
    // The name on top is large and often in capitals: it is the profile, never a heading.
    const first = sections.length === 1 && (sections[0]?.lines.length ?? 0) === 0;
    if (!first && isHeading(line, bodySize)) {
      sections.push({
        kind: headingKind(line.text) ?? 'other',
        title: line.text.trim(),
        lines: [],
      });
    } else {
      sections.at(-1)?.lines.push(line);
    }
  }
  return sections;
}
