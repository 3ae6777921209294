import { type ContactFields, contactFieldsOf } from './contact';
import { type AtsDegree, degreesOf, skillsOf } from './education';
import { type AtsJob, jobsOf } from './jobs';
import type { AtsLine } from './lines';
import type { AtsSection, SectionKind } from './sections';

export type { AtsDegree } from './education';
export type { AtsJob } from './jobs';

/** The fields an ATS fills from the resume, each found by its features, none by position. */
export interface AtsFields extends ContactFields {
  jobs: AtsJob[];
  education: AtsDegree[];
  skills: string[];
}

/** Each section of the kind read on its own: an entry never runs across a heading. */
function ofKind<T>(
  sections: readonly AtsSection[],
  kind: SectionKind,
  read: (lines: readonly AtsLine[]) => T[],
): T[] {
  return sections
    .filter((section) => section.kind === kind)
    .flatMap((section) => read(section.lines));
}

export function fieldsOf(sections: readonly AtsSection[]): AtsFields {
  return {
    ...contactFieldsOf(sections),
    jobs: ofKind(sections, 'experience', jobsOf),
    education: ofKind(sections, 'education', degreesOf),
    skills: [...new Set(ofKind(sections, 'skills', skillsOf))],
  };
}
