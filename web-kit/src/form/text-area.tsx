import type { ComponentPropsWithRef } from 'react';
import styles from './field.module.css';
import { FieldChrome, type FieldChromeProps, useFieldIds } from './field-chrome';

export interface TextAreaProps
  extends ComponentPropsWithRef<'textarea'>,
    Omit<FieldChromeProps, 'className'> {
  className?: string;
  /**
   * Shows "{length}/{counterLimit}" under the box without enforcing it (SPEC §5: the summary
   * counts to 300 but is not cut). Use `maxLength` to enforce a limit.
   */
  counterLimit?: number;
}

export function TextArea({
  label,
  hint,
  error,
  optional,
  className,
  id,
  counterLimit,
  'aria-describedby': describedBy,
  rows = 4,
  ...textarea
}: TextAreaProps) {
  const ids = useFieldIds({ id, hint, error }, describedBy);
  const length = typeof textarea.value === 'string' ? textarea.value.length : 0;
  return (
    <FieldChrome
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      className={className}
      ids={ids}
      after={
        counterLimit === undefined ? null : (
          <p className={styles.counter}>
            {length}/{counterLimit}
          </p>
        )
      }
    >
      <textarea
        id={ids.controlId}
        rows={rows}
        className={styles.control}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
        {...textarea}
      />
    </FieldChrome>
  );
}
