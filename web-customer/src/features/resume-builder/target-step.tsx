import { DEGREE_LEVELS, MAJORS, ROLE_TEXT_MAX, suggestedRoles } from '@shortlist/domain';
import { Field, Select } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import styles from './resume-builder.module.css';
import { withDegreeOrMajor, withRoleOther, withTargetRole } from './resume-draft';
import type { StepProps } from './step-props';

const copy = flowMessages.builder;

/** Step 1: degree level, major (with Other) and one target role from the suggestions. */
export function TargetStep({ draft, errors, change }: StepProps) {
  const roles = suggestedRoles(draft.degreeLevel, draft.majorPrimary);
  return (
    <div className={styles.grid}>
      <Select
        id="rb-degreeLevel"
        label={copy.degreeLevel}
        placeholder={copy.chooseDegree}
        options={DEGREE_LEVELS}
        value={draft.degreeLevel}
        error={errors['rb-degreeLevel']}
        required
        onChange={(event) =>
          change((d) => withDegreeOrMajor(d, { degreeLevel: event.target.value }), 'rb-degreeLevel')
        }
      />
      <Select
        id="rb-majorPrimary"
        label={copy.major}
        placeholder={copy.chooseMajor}
        options={MAJORS}
        value={draft.majorPrimary}
        error={errors['rb-majorPrimary']}
        required
        onChange={(event) =>
          change(
            (d) => withDegreeOrMajor(d, { majorPrimary: event.target.value }),
            'rb-majorPrimary',
          )
        }
      />
      {draft.majorPrimary === 'Other' ? (
        <Field
          id="rb-majorOther"
          label={copy.majorOther}
          value={draft.majorOther}
          error={errors['rb-majorOther']}
          required
          onChange={(event) => {
            const value = event.target.value;
            change((d) => ({ ...d, majorOther: value }), 'rb-majorOther');
          }}
        />
      ) : null}
      <Select
        id="rb-targetRole"
        className={styles.full}
        label={copy.targetRole}
        hint={copy.roleHint}
        placeholder={copy.chooseRole}
        options={roles}
        value={draft.targetRole}
        error={errors['rb-targetRole']}
        required
        onChange={(event) => {
          const value = event.target.value;
          change((d) => withTargetRole(d, value), 'rb-targetRole');
        }}
      />
      {draft.targetRole === 'Other' ? (
        <Field
          id="rb-roleOther"
          className={styles.full}
          label={copy.roleOther}
          hint={copy.roleOtherHint(ROLE_TEXT_MAX)}
          maxLength={ROLE_TEXT_MAX}
          value={draft.roleOther}
          error={errors['rb-roleOther']}
          required
          onChange={(event) => {
            const value = event.target.value;
            change((d) => withRoleOther(d, value), 'rb-roleOther');
          }}
        />
      ) : null}
    </div>
  );
}
