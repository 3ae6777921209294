import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../contract/text';
import { validResumePayload } from '../testing/resume-fixture';
import { suggestedRoles } from './resume-options';
import { RESUME_LIST_MAX, RESUME_MESSAGES, resumePayloadSchema } from './resume-payload.schema';

function firstMessage(input: unknown): string | undefined {
  const result = resumePayloadSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('resume payload schema', () => {
  it('accepts a complete payload, normalising e-mail and currency', () => {
    const parsed = resumePayloadSchema.parse(validResumePayload());
    expect(parsed.personal.email).toBe('asha@example.com');
    expect(parsed.currency).toBe('INR');
  });

  it('refuses a missing target role with the spec message', () => {
    expect(firstMessage({ ...validResumePayload(), targetRoles: [] })).toBe(
      RESUME_MESSAGES.chooseTargetRole,
    );
    expect(firstMessage({ ...validResumePayload(), targetRoles: ['  '] })).toBe(
      RESUME_MESSAGES.chooseTargetRole,
    );
  });

  it('asks for the text when the role is Other, and cuts free text to 80 characters', () => {
    expect(firstMessage({ ...validResumePayload(), targetRoles: ['Other'] })).toBe(
      RESUME_MESSAGES.typeOtherRole,
    );
    const parsed = resumePayloadSchema.parse({
      ...validResumePayload(),
      targetRoles: ['x'.repeat(120)],
    });
    expect(parsed.targetRoles[0]).toHaveLength(80);
  });

  it('accepts YYYY-MM or N/A dates only', () => {
    const payload = validResumePayload();
    const work = payload.work[0];
    if (!work) throw new Error('fixture has a work entry');
    expect(firstMessage({ ...payload, work: [{ ...work, start: '2024-13' }] })).toBe(
      'Start date must be YYYY-MM or N/A.',
    );
    expect(firstMessage({ ...payload, work: [{ ...work, start: '01/2024' }] })).toBe(
      'Start date must be YYYY-MM or N/A.',
    );
  });

  it('accepts Present as the end date of a current job or course, in any case', () => {
    const payload = validResumePayload();
    const work = payload.work[0];
    const edu = payload.edu[0];
    if (!work || !edu) throw new Error('fixture has a work and an education entry');
    const parsed = resumePayloadSchema.parse({
      ...payload,
      work: [{ ...work, end: ' present ' }],
      edu: [{ ...edu, end: 'Present' }],
    });
    expect(parsed.work[0]?.end).toBe('Present');
    expect(parsed.edu[0]?.end).toBe('Present');
    expect(firstMessage({ ...payload, work: [{ ...work, end: 'Now' }] })).toBe(
      'End date must be YYYY-MM, N/A or Present.',
    );
    // A start or a certification date cannot be ongoing.
    expect(firstMessage({ ...payload, work: [{ ...work, start: 'Present' }] })).toBe(
      'Start date must be YYYY-MM or N/A.',
    );
    expect(firstMessage({ ...payload, certs: [{ name: 'x', org: 'y', date: 'Present' }] })).toBe(
      'Certification date must be YYYY-MM or N/A.',
    );
  });

  it('requires every field and at least one entry per list', () => {
    const payload = validResumePayload();
    expect(firstMessage({ ...payload, summary: '   ' })).toBe('Professional summary is required.');
    expect(firstMessage({ ...payload, langs: [] })).toBe('Add at least one language entry.');
    expect(firstMessage({ ...payload, personal: { ...payload.personal, phone: '' } })).toBe(
      'Phone is required.',
    );
  });

  it('caps every list at RESUME_LIST_MAX entries, saying so', () => {
    const payload = validResumePayload();
    const [language] = payload.langs;
    if (!language) throw new Error('fixture has a language entry');
    const langs = (count: number) => Array.from({ length: count }, () => language);
    expect(firstMessage({ ...payload, langs: langs(RESUME_LIST_MAX) })).toBeUndefined();
    expect(firstMessage({ ...payload, langs: langs(RESUME_LIST_MAX + 1) })).toBe(
      `Add at most ${RESUME_LIST_MAX} language entries.`,
    );
  });

  it('requires the typed major when the major is Other', () => {
    expect(firstMessage({ ...validResumePayload(), majorPrimary: 'Other' })).toBe(
      'Please type your major.',
    );
  });

  it('refuses NUL, control and bidi characters in every text, line breaks in one-line fields', () => {
    const payload = validResumePayload();
    const [work] = payload.work;
    const [project] = payload.projects;
    if (!work || !project) throw new Error('fixture has a work and a project entry');
    const variants = (text: string) => [
      { ...payload, personal: { ...payload.personal, fullName: `Asha${text}` } },
      { ...payload, personal: { ...payload.personal, email: `asha${text}@example.com` } },
      { ...payload, targetRoles: [`Analyst${text}`] },
      { ...payload, majorOther: `Maths${text}` },
      { ...payload, work: [{ ...work, company: `Acme${text}` }] },
      { ...payload, currency: `INR${text}` },
    ];
    for (const char of ['\u0000', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066', '\n', '\t']) {
      for (const variant of variants(char)) {
        expect(firstMessage(variant)).toBe(TEXT_MESSAGES.controlCharacters);
      }
    }
    // A missing field is still named as SPEC §5 words it.
    const { email: _, ...withoutEmail } = payload.personal;
    expect(firstMessage({ ...payload, personal: withoutEmail })).toBe('Email is required.');
  });

  it('keeps line breaks and tabs in the text areas, refusing the other controls there', () => {
    const payload = validResumePayload();
    const [work] = payload.work;
    const [project] = payload.projects;
    if (!work || !project) throw new Error('fixture has a work and a project entry');
    const text = 'First line\r\n\tsecond line';
    const parsed = resumePayloadSchema.parse({
      ...payload,
      summary: text,
      work: [{ ...work, responsibilities: text }],
      projects: [{ ...project, desc: text }],
      skills: { techSkills: text, softSkills: text },
    });
    expect(parsed.summary).toBe(text);
    expect(parsed.work[0]?.responsibilities).toBe(text);
    expect(parsed.projects[0]?.desc).toBe(text);
    expect(parsed.skills).toEqual({ techSkills: text, softSkills: text });
    for (const char of ['\u0000', '\u001b', '\u202e']) {
      const broken = `${text}${char}`;
      for (const variant of [
        { ...payload, summary: broken },
        { ...payload, work: [{ ...work, responsibilities: broken }] },
        { ...payload, projects: [{ ...project, desc: broken }] },
        { ...payload, skills: { techSkills: broken, softSkills: text } },
      ]) {
        expect(firstMessage(variant)).toBe(TEXT_MESSAGES.controlCharacters);
      }
    }
  });
});

describe('suggested roles', () => {
  it('follow the major, else the degree level, and always offer Other and N/A', () => {
    expect(suggestedRoles('Bachelors', 'Data Science')).toContain('Data Scientist');
    expect(suggestedRoles('Diploma', 'Other')).toEqual([
      'Trainee/Intern',
      'Junior Technician',
      'Support Engineer (Junior)',
      'Other',
      'N/A',
    ]);
    expect(suggestedRoles('PhD', 'N/A')).toContain('Research Assistant');
    expect(suggestedRoles('Bachelors', 'N/A')).toEqual(['Other', 'N/A']);
  });
});
