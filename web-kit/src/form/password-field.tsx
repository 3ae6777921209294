import { useState } from 'react';
import type { FieldProps } from './field';
import styles from './field.module.css';
import { FieldChrome, useFieldIds } from './field-chrome';

export interface PasswordFieldProps extends Omit<FieldProps, 'type'> {
  /** Accessible names of the toggle; the visible text is "Show" / "Hide". */
  showLabel?: string;
  hideLabel?: string;
}

/** A password input with a show/hide toggle (SPEC §2 login, reset). */
export function PasswordField({
  label,
  hint,
  error,
  optional,
  className,
  id,
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  'aria-describedby': describedBy,
  autoComplete = 'current-password',
  ...input
}: PasswordFieldProps) {
  const ids = useFieldIds({ id, hint, error }, describedBy);
  const [visible, setVisible] = useState(false);
  return (
    <FieldChrome
      label={label}
      hint={hint}
      error={error}
      optional={optional}
      className={className}
      ids={ids}
    >
      <div className={styles.withToggle}>
        <input
          id={ids.controlId}
          type={visible ? 'text' : 'password'}
          className={styles.control}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          autoComplete={autoComplete}
          // Browsers would otherwise offer to "correct" a visible password.
          autoCapitalize="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className={styles.toggle}
          aria-controls={ids.controlId}
          aria-label={visible ? hideLabel : showLabel}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldChrome>
  );
}
