import { type ReactNode, useId } from 'react';
import styles from './field.module.css';

export interface FieldChromeProps {
  /** Visible label; also the control's accessible name. */
  label: ReactNode;
  /** Help shown under the label and read after the name (aria-describedby). */
  hint?: ReactNode;
  /** Inline error; when set the control is aria-invalid and describes itself with it. */
  error?: string | null;
  /** Marks the label "(optional)"; required is the norm in this product's forms (SPEC §5). */
  optional?: boolean;
  className?: string;
}

export interface FieldIds {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
  invalid: true | undefined;
}

/** Ids that tie a control to its hint and error, keeping any aria-describedby the caller gave. */
export function useFieldIds(
  { id, hint, error }: { id?: string | undefined; hint?: ReactNode; error?: string | null },
  extraDescribedBy?: string,
): FieldIds {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId, extraDescribedBy].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy, invalid: error ? true : undefined };
}

interface FieldChromeLayoutProps extends FieldChromeProps {
  ids: FieldIds;
  children: ReactNode;
  /** Drawn after the error, e.g. a character counter. */
  after?: ReactNode;
}

/** Label, hint, control and error in one column: the layout every text-like field shares. */
export function FieldChrome({
  label,
  hint,
  error,
  optional,
  className,
  ids,
  children,
  after,
}: FieldChromeLayoutProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={ids.controlId}>
        {label}
        {optional ? (
          <>
            {' '}
            <span className={styles.optional}>(optional)</span>
          </>
        ) : null}
      </label>
      {hint ? (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={ids.errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
