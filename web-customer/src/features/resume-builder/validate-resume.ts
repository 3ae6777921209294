import { type ResumePayload, resumePayloadSchema } from '@shortlist/domain';
import { RESUME_DRAFT_LIST_FIELDS } from '@shortlist/domain/contract';
import { LIST_NAMES, type ResumeDraft, toPayload } from './resume-draft';

/** Which of the 9 steps (0-based) holds each top-level payload field. */
const STEP_OF: Readonly<Record<string, number>> = {
  degreeLevel: 0,
  majorPrimary: 0,
  majorOther: 0,
  targetRoles: 0,
  personal: 1,
  summary: 2,
  work: 3,
  edu: 4,
  skills: 5,
  projects: 6,
  certs: 7,
  langs: 8,
  currency: 8,
};

const MAJOR_OTHER_MESSAGE = 'Please type your major.';

/** The id of the control a payload path belongs to; the form gives its controls these ids. */
function fieldIdFor(path: readonly PropertyKey[], draft: ResumeDraft): string {
  const [head] = path;
  if (head === 'targetRoles') {
    return draft.targetRole === 'Other' ? 'rb-roleOther' : 'rb-targetRole';
  }
  const list = LIST_NAMES.find((name) => name === head);
  if (list !== undefined && path.length < 3) {
    // A list-level problem ("add at least one") points at the list's first field.
    return `rb-${list}-0-${RESUME_DRAFT_LIST_FIELDS[list][0]}`;
  }
  return `rb-${path.map(String).join('-')}`;
}

export interface ResumeIssue {
  fieldId: string;
  message: string;
  step: number;
}

export type ResumeValidation =
  | { ok: true; payload: ResumePayload }
  | { ok: false; issues: ResumeIssue[] };

/**
 * Checks the whole form with the domain schema the server uses (SPEC §5): the first message per
 * control, in step order. The "Other major" rule is checked here too, because the schema's
 * object-level rule only runs once everything else is valid.
 */
export function validateResume(
  draft: ResumeDraft,
  pid: string,
  currency: string,
): ResumeValidation {
  const result = resumePayloadSchema.safeParse(toPayload(draft, pid, currency));
  const issues: ResumeIssue[] = [];
  const seen = new Set<string>();
  const add = (issue: ResumeIssue) => {
    if (seen.has(issue.fieldId)) return;
    seen.add(issue.fieldId);
    issues.push(issue);
  };
  if (draft.majorPrimary === 'Other' && draft.majorOther.trim() === '') {
    add({ fieldId: 'rb-majorOther', message: MAJOR_OTHER_MESSAGE, step: 0 });
  }
  if (result.success && issues.length === 0) return { ok: true, payload: result.data };
  for (const issue of result.success ? [] : result.error.issues) {
    const head = String(issue.path[0] ?? '');
    add({
      fieldId: fieldIdFor(issue.path, draft),
      message: issue.message,
      step: STEP_OF[head] ?? 0,
    });
  }
  issues.sort((a, b) => a.step - b.step);
  return { ok: false, issues };
}

/** The issues of one step, as the inline errors map the form draws. */
export function errorsOfStep(issues: readonly ResumeIssue[], step: number): Record<string, string> {
  return Object.fromEntries(
    issues.filter((issue) => issue.step === step).map((issue) => [issue.fieldId, issue.message]),
  );
}
