import type { ComponentPropsWithRef, ReactNode } from 'react';
import styles from './field.module.css';
import { useFieldIds } from './field-chrome';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type'> {
  /** May hold links ("I accept the Terms and the Privacy policy"). */
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
}

export function Checkbox({
  label,
  hint,
  error,
  className,
  id,
  'aria-describedby': describedBy,
  ...input
}: CheckboxProps) {
  const ids = useFieldIds({ id, hint, error }, describedBy);
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.checkRow}>
        <input
          id={ids.controlId}
          type="checkbox"
          className={styles.checkbox}
          aria-invalid={ids.invalid}
          aria-describedby={ids.describedBy}
          {...input}
        />
        <label className={styles.checkLabel} htmlFor={ids.controlId}>
          {label}
        </label>
      </div>
      {hint || error ? (
        <div className={styles.checkNotes}>
          {hint ? (
            <p id={ids.hintId} className={styles.hint}>
              {hint}
            </p>
          ) : null}
          {error ? (
            <p id={ids.errorId} className={styles.error}>
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
