import type { ResumeDraft } from './resume-draft';

/** What every step of the builder gets. */
export interface StepProps {
  draft: ResumeDraft;
  /** Inline errors by control id (`rb-…`). */
  errors: Readonly<Record<string, string>>;
  /** Applies a change to the draft and clears the error of the control that made it. */
  change: (update: (draft: ResumeDraft) => ResumeDraft, fieldId: string) => void;
}
