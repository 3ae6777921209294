import { SUMMARY_COUNTER } from '@shortlist/domain';
import { TextArea } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import styles from './resume-builder.module.css';
import type { StepProps } from './step-props';

const copy = flowMessages.builder;

/** Step 3: the summary, with a counter out of 300 that advises but does not cut (SPEC §5). */
export function SummaryStep({ draft, errors, change }: StepProps) {
  return (
    <TextArea
      id="rb-summary"
      label={copy.summary}
      hint={copy.summaryHint}
      rows={6}
      counterLimit={SUMMARY_COUNTER}
      value={draft.summary}
      error={errors['rb-summary']}
      required
      onChange={(event) => {
        const value = event.target.value;
        change((d) => ({ ...d, summary: value }), 'rb-summary');
      }}
    />
  );
}

/** Step 6: technical and soft skills. */
export function SkillsStep({ draft, errors, change }: StepProps) {
  const fields = [
    { name: 'techSkills', label: copy.techSkills },
    { name: 'softSkills', label: copy.softSkills },
  ] as const;
  return (
    <div className={styles.grid}>
      {fields.map((field) => {
        const id = `rb-skills-${field.name}`;
        return (
          <TextArea
            key={field.name}
            id={id}
            label={field.label}
            hint={copy.skillsHint}
            rows={4}
            value={draft.skills[field.name]}
            error={errors[id]}
            required
            onChange={(event) => {
              const value = event.target.value;
              change((d) => ({ ...d, skills: { ...d.skills, [field.name]: value } }), id);
            }}
          />
        );
      })}
    </div>
  );
}
