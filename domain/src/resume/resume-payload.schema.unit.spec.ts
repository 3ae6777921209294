import { describe, expect, it } from 'vitest';
import { validResumePayload } from '../testing/resume-fixture';
import { suggestedRoles } from './resume-options';
import { RESUME_MESSAGES, resumePayloadSchema } from './resume-payload.schema';

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

  it('requires every field and at least one entry per list', () => {
    const payload = validResumePayload();
    expect(firstMessage({ ...payload, summary: '   ' })).toBe('Professional summary is required.');
    expect(firstMessage({ ...payload, langs: [] })).toBe('Add at least one language entry.');
    expect(firstMessage({ ...payload, personal: { ...payload.personal, phone: '' } })).toBe(
      'Phone is required.',
    );
  });

  it('requires the typed major when the major is Other', () => {
    expect(firstMessage({ ...validResumePayload(), majorPrimary: 'Other' })).toBe(
      'Please type your major.',
    );
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
