import { Field } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import styles from './resume-builder.module.css';
import type { ResumeDraft } from './resume-draft';
import type { StepProps } from './step-props';

const copy = flowMessages.builder;

type PersonalField = keyof ResumeDraft['personal'];

const FIELDS: readonly {
  name: PersonalField;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'fullName', label: copy.fullName, type: 'text', autoComplete: 'name' },
  { name: 'email', label: copy.email, type: 'email', autoComplete: 'email' },
  { name: 'phone', label: copy.phone, type: 'tel', autoComplete: 'tel' },
  { name: 'address', label: copy.address, type: 'text', autoComplete: 'street-address' },
  { name: 'linkedin', label: copy.linkedin, type: 'text', autoComplete: 'url', hint: copy.naHint },
  { name: 'github', label: copy.github, type: 'text', autoComplete: 'url', hint: copy.naHint },
];

/** Step 2: personal information; the Profile ID is read-only, from the session (SPEC §5). */
export function PersonalStep({ draft, errors, change, pid }: StepProps & { pid: string }) {
  return (
    <div className={styles.grid}>
      {/* A whole row: the id is 36 characters and is read back in full. */}
      <Field
        id="rb-personal-pid"
        className={styles.full}
        label={copy.pid}
        hint={copy.pidHint}
        value={pid}
        readOnly
        error={errors['rb-personal-pid']}
      />
      {FIELDS.map((field) => {
        const id = `rb-personal-${field.name}`;
        return (
          <Field
            key={field.name}
            id={id}
            label={field.label}
            type={field.type}
            hint={field.hint}
            autoComplete={field.autoComplete}
            value={draft.personal[field.name]}
            error={errors[id]}
            required
            onChange={(event) => {
              const value = event.target.value;
              change((d) => ({ ...d, personal: { ...d.personal, [field.name]: value } }), id);
            }}
          />
        );
      })}
    </div>
  );
}
