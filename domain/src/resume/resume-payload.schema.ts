import { z } from 'zod';
import { multiLineText, singleLineText } from '../contract/text';
import { DEGREE_LEVELS, LANGUAGE_LEVELS, MAJORS } from './resume-options';

/**
 * The resume submission payload of SPEC §3, validated by the API (`POST /resume`) and by the
 * builder form with this same schema. Rules from SPEC §5: every field is required, 'N/A' is
 * accepted where a field does not apply, dates are YYYY-MM or N/A, one target role. An end date
 * may also be "Present" (any case, stored as written here): a current job or a course still
 * under way has no end month, and the ATS check itself advises writing "Present".
 */

export const RESUME_MESSAGES = {
  chooseTargetRole: 'Please choose a target role (or pick N/A to skip).',
  typeOtherRole: 'Please type your role in Other, e.g., Analyst, Consultant, Associate',
} as const;

/** SPEC §9: the role's free text is cut to 80 characters. */
export const ROLE_TEXT_MAX = 80;
/** SPEC §9: the summary shows a counter out of 300; the limit is advice, not enforced. */
export const SUMMARY_COUNTER = 300;

// Not in the spec: caps that keep a single order's payload bounded; far above any real resume.
const SHORT_TEXT_MAX = 200;
const LONG_TEXT_MAX = 5000;
/**
 * Entries per list (jobs, degrees, projects, certifications, languages): a visitor's payload stays
 * bounded before any rendering work (30 entries of 5,000 characters is ~150 KB), while the longest
 * real resumes list about a dozen jobs.
 */
export const RESUME_LIST_MAX = 30;

// Every field is the contract's text (contract/text.ts): one line, except the ones the form
// shows as a text area, where line breaks and tabs are the point.
const requiredText = (label: string, max = SHORT_TEXT_MAX, text = singleLineText) =>
  text({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);
const requiredLongText = (label: string) => requiredText(label, LONG_TEXT_MAX, multiLineText);

const YEAR_MONTH_OR_NA = /^(?:\d{4}-(?:0[1-9]|1[0-2])|N\/A)$/;
const dateField = (label: string) =>
  requiredText(label).regex(YEAR_MONTH_OR_NA, `${label} must be YYYY-MM or N/A.`);

/** The word an ongoing entry's end date holds; documents print it as written. */
export const PRESENT = 'Present';
const PRESENT_ANY_CASE = /^present$/i;
const endDateField = (label: string) =>
  requiredText(label)
    .transform((value) => (PRESENT_ANY_CASE.test(value) ? PRESENT : value))
    .pipe(
      z
        .string()
        .regex(
          /^(?:\d{4}-(?:0[1-9]|1[0-2])|N\/A|Present)$/,
          `${label} must be YYYY-MM, N/A or Present.`,
        ),
    );

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `Please choose a valid ${label.toLowerCase()}.` });

const nonEmptyList = <T extends z.ZodType>(label: string, entry: T) =>
  z
    .array(entry, { error: `${label} is required.` })
    .min(1, `Add at least one ${label} entry.`)
    .max(RESUME_LIST_MAX, `Add at most ${RESUME_LIST_MAX} ${label} entries.`);

export const workEntrySchema = z.object({
  jobTitle: requiredText('Job title'),
  company: requiredText('Company'),
  location: requiredText('Location'),
  start: dateField('Start date'),
  end: endDateField('End date'),
  responsibilities: requiredLongText('Responsibilities'),
});

export const educationEntrySchema = z.object({
  degree: requiredText('Degree'),
  institution: requiredText('Institution'),
  location: requiredText('Location'),
  start: dateField('Start date'),
  end: endDateField('End date'),
  major: requiredText('Major'),
});

export const projectEntrySchema = z.object({
  name: requiredText('Project name'),
  desc: requiredLongText('Project description'),
  tech: requiredText('Technologies'),
  role: requiredText('Your role'),
  link: requiredText('Project link'),
});

export const certificationEntrySchema = z.object({
  name: requiredText('Certification name'),
  org: requiredText('Issuing organisation'),
  date: dateField('Certification date'),
});

export const languageEntrySchema = z.object({
  name: requiredText('Language'),
  level: oneOf('Proficiency', LANGUAGE_LEVELS),
});

const targetRole = singleLineText({ error: RESUME_MESSAGES.chooseTargetRole })
  .trim()
  .min(1, RESUME_MESSAGES.chooseTargetRole)
  .refine((role) => role !== 'Other', RESUME_MESSAGES.typeOtherRole)
  .transform((role) => role.slice(0, ROLE_TEXT_MAX));

export const resumePayloadSchema = z
  .object({
    degreeLevel: oneOf('Degree level', DEGREE_LEVELS),
    majorPrimary: oneOf('Major', MAJORS),
    majorOther: singleLineText().trim().max(SHORT_TEXT_MAX).default(''),
    targetRoles: z
      .array(targetRole, { error: RESUME_MESSAGES.chooseTargetRole })
      .length(1, RESUME_MESSAGES.chooseTargetRole),
    personal: z.object({
      pid: requiredText('Profile ID'),
      fullName: requiredText('Full name'),
      email: singleLineText({ error: 'Email is required.' })
        .trim()
        .toLowerCase()
        .pipe(z.email('Please enter a valid email.')),
      phone: requiredText('Phone'),
      address: requiredText('Address'),
      linkedin: requiredText('LinkedIn'),
      github: requiredText('GitHub'),
    }),
    summary: requiredLongText('Professional summary'),
    work: nonEmptyList('work experience', workEntrySchema),
    edu: nonEmptyList('education', educationEntrySchema),
    skills: z.object({
      techSkills: requiredLongText('Technical skills'),
      softSkills: requiredLongText('Soft skills'),
    }),
    projects: nonEmptyList('project', projectEntrySchema),
    certs: nonEmptyList('certification', certificationEntrySchema),
    langs: nonEmptyList('language', languageEntrySchema),
    currency: singleLineText()
      .trim()
      .toUpperCase()
      .pipe(z.enum(['INR', 'USD'], { error: 'Currency must be INR or USD.' }))
      .default('INR'),
  })
  .refine((payload) => payload.majorPrimary !== 'Other' || payload.majorOther.length > 0, {
    path: ['majorOther'],
    message: 'Please type your major.',
  });

export type ResumePayloadInput = z.input<typeof resumePayloadSchema>;
export type ResumePayload = z.output<typeof resumePayloadSchema>;
