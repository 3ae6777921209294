import type { ReactNode } from 'react';
import styles from './visually-hidden.module.css';

/** Text for assistive technology only, e.g. the full sentence behind an animated heading. */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span id={id} className={styles.hidden}>
      {children}
    </span>
  );
}

/** The same rule as a class name, for elements that must keep their own tag. */
export const visuallyHiddenClassName = styles.hidden;
