import { z } from 'zod';
import { multiLineText } from '../text';
import { defineRoute } from './route';

/**
 * The builder's unfinished form, kept per account on the server as it is typed so that a
 * reload or another device finds it again. It is a draft, not a resume: every field may be
 * empty or half typed, and only the order (POST /resume) checks it against the resume schema.
 */

/** The fields of each list entry, in the order the builder shows them (SPEC §3). */
export const RESUME_DRAFT_LIST_FIELDS = {
  work: ['jobTitle', 'company', 'location', 'start', 'end', 'responsibilities'],
  edu: ['degree', 'institution', 'location', 'start', 'end', 'major'],
  projects: ['name', 'desc', 'tech', 'role', 'link'],
  certs: ['name', 'org', 'date'],
  langs: ['name', 'level'],
} as const;

// Bounds, so one account cannot park megabytes on the server: far above a real resume (the
// order's own caps are 200 characters a field, 5000 for text areas).
export const RESUME_DRAFT_TEXT_MAX = 5000;
export const RESUME_DRAFT_ENTRIES_MAX = 30;
/** The request body's cap in bytes, checked before the JSON is parsed. */
export const RESUME_DRAFT_BODY_BYTES = 256 * 1024;

// Any text the form can hold while typing, line breaks included (a pasted address or duty
// list); the contract's text type still refuses control characters and broken UTF-16.
const draftText = multiLineText().max(RESUME_DRAFT_TEXT_MAX).default('');

const entryOf = <const Fields extends readonly string[]>(fields: Fields) =>
  z
    .array(
      z.object(
        Object.fromEntries(fields.map((field) => [field, draftText])) as {
          [Field in Fields[number]]: typeof draftText;
        },
      ),
    )
    .max(RESUME_DRAFT_ENTRIES_MAX);

export const resumeDraftSchema = z.object({
  /** The step the customer was on, 0 to 8. */
  step: z.number().int().min(0).max(8),
  degreeLevel: draftText,
  majorPrimary: draftText,
  majorOther: draftText,
  targetRole: draftText,
  roleOther: draftText,
  personal: z.object({
    fullName: draftText,
    email: draftText,
    phone: draftText,
    address: draftText,
    linkedin: draftText,
    github: draftText,
  }),
  summary: draftText,
  skills: z.object({ techSkills: draftText, softSkills: draftText }),
  lists: z.object({
    work: entryOf(RESUME_DRAFT_LIST_FIELDS.work),
    edu: entryOf(RESUME_DRAFT_LIST_FIELDS.edu),
    projects: entryOf(RESUME_DRAFT_LIST_FIELDS.projects),
    certs: entryOf(RESUME_DRAFT_LIST_FIELDS.certs),
    langs: entryOf(RESUME_DRAFT_LIST_FIELDS.langs),
  }),
});
export type ResumeDraftInput = z.input<typeof resumeDraftSchema>;
export type SavedResumeDraft = z.output<typeof resumeDraftSchema>;

/** GET /resume/draft: the caller's draft, or null when there is none (never started, or ordered). */
export const getResumeDraftRoute = defineRoute({
  method: 'GET',
  path: '/resume/draft',
  audience: 'customer',
  summary: "Read the caller's unfinished resume builder form",
  response: z.object({
    draft: resumeDraftSchema.nullable(),
    /** When it was last saved (ISO 8601), or null. */
    savedAt: z.string().nullable(),
  }),
});

/** PUT /resume/draft: replace the caller's draft (the builder sends it as the customer types). */
export const saveResumeDraftRoute = defineRoute({
  method: 'PUT',
  path: '/resume/draft',
  audience: 'customer',
  summary: "Save the caller's unfinished resume builder form",
  body: resumeDraftSchema,
  response: z.object({ savedAt: z.string() }),
});
