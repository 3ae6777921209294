import { describe, expect, it } from 'vitest';
import {
  emptyDraft,
  targetRoleOf,
  toPayload,
  withDegreeOrMajor,
  withEntryAdded,
  withEntryRemoved,
  withRoleOther,
  withTargetRole,
} from './resume-draft';
import { validateResume } from './validate-resume';

describe('builder rules (SPEC §4, §5)', () => {
  const dataScience = withTargetRole(
    withDegreeOrMajor(emptyDraft(), { degreeLevel: 'Bachelors', majorPrimary: 'Data Science' }),
    'Data Analyst',
  );

  it('keeps a target role that is still suggested', () => {
    const next = withDegreeOrMajor(dataScience, { degreeLevel: 'Masters' });
    expect(next.targetRole).toBe('Data Analyst');
  });

  it('resets the target role when it is no longer suggested', () => {
    const next = withDegreeOrMajor(dataScience, { majorPrimary: 'Civil Engineering' });
    expect(next.targetRole).toBe('');
  });

  it('Other and N/A survive any change of major', () => {
    const other = withRoleOther(withTargetRole(dataScience, 'Other'), 'Consultant');
    const next = withDegreeOrMajor(other, { majorPrimary: 'Mechanical Engineering' });
    expect(next.targetRole).toBe('Other');
    expect(next.roleOther).toBe('Consultant');
  });

  it('clears the Other text when the role is not Other', () => {
    const other = withRoleOther(withTargetRole(dataScience, 'Other'), 'Consultant');
    const next = withTargetRole(other, 'N/A');
    expect(next.roleOther).toBe('');
  });

  it('cuts the Other text to 80 characters and sends it as the one target role', () => {
    const long = withRoleOther(withTargetRole(dataScience, 'Other'), 'x'.repeat(95));
    expect(long.roleOther).toHaveLength(80);
    expect(targetRoleOf(long)).toBe('x'.repeat(80));
    expect(toPayload(long, 'u-1', 'INR').targetRoles).toEqual(['x'.repeat(80)]);
  });

  it('clears the Other major text when the major changes away from Other', () => {
    const other = {
      ...withDegreeOrMajor(emptyDraft(), { majorPrimary: 'Other' }),
      majorOther: 'Law',
    };
    expect(withDegreeOrMajor(other, { majorPrimary: 'Data Science' }).majorOther).toBe('');
  });

  it('never removes the last entry of a list', () => {
    const draft = emptyDraft();
    const only = draft.lists.work[0]?.key ?? '';
    expect(withEntryRemoved(draft, 'work', only).lists.work).toHaveLength(1);
    const two = withEntryAdded(draft, 'work');
    expect(withEntryRemoved(two, 'work', only).lists.work).toHaveLength(1);
  });

  it('validates with the domain schema, step by step, with SPEC wording', () => {
    const result = validateResume(withTargetRole(dataScience, 'Other'), 'u-1', 'INR');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const first = result.issues[0];
    expect(first).toEqual({
      fieldId: 'rb-roleOther',
      message: 'Please type your role in Other, e.g., Analyst, Consultant, Associate',
      step: 0,
    });
    expect(result.issues.map((issue) => issue.step)).toEqual(
      [...result.issues.map((issue) => issue.step)].sort((a, b) => a - b),
    );
  });
});
