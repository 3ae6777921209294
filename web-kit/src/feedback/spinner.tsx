import type { CSSProperties } from 'react';
import { visuallyHiddenClassName } from '../visually-hidden/visually-hidden';
import styles from './feedback.module.css';

export interface SpinnerProps {
  /** Announced to screen readers; omit when a visible text beside it says the same. */
  label?: string;
  /** CSS length; default 1.5rem. */
  size?: string;
}

export function Spinner({ label, size }: SpinnerProps) {
  const style = size ? ({ '--spinner-size': size } as CSSProperties) : undefined;
  return (
    <>
      <span className={styles.spinner} style={style} aria-hidden="true" />
      {label ? <span className={visuallyHiddenClassName}>{label}</span> : null}
    </>
  );
}

/** A centred spinner and a visible line of text, announced politely. */
export function LoadingState({ message = 'Loading…' }: { message?: string }) {
  return (
    <div className={styles.loading} role="status">
      <Spinner />
      <span>{message}</span>
    </div>
  );
}
