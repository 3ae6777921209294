import type { ComponentPropsWithRef } from 'react';
import styles from './field.module.css';
import { FieldChrome, type FieldChromeProps, useFieldIds } from './field-chrome';

export interface FieldProps
  extends Omit<ComponentPropsWithRef<'input'>, 'size'>,
    Omit<FieldChromeProps, 'className'> {
  /** Class for the wrapper (label, control, messages), not the input. */
  className?: string;
}

/** A labelled text-like input (text, email, tel, url, number, date…) with hint and inline error. */
export function Field({
  label,
  hint,
  error,
  optional,
  className,
  id,
  'aria-describedby': describedBy,
  type = 'text',
  ...input
}: FieldProps) {
  const ids = useFieldIds({ id, hint, error }, describedBy);
  return (
    <FieldChrome
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      className={className}
      ids={ids}
    >
      <input
        id={ids.controlId}
        type={type}
        className={styles.control}
        aria-invalid={ids.invalid}
        aria-describedby={ids.describedBy}
        {...input}
      />
    </FieldChrome>
  );
}
