import type { ReactNode } from 'react';
import styles from './dialog.module.css';
import { ModalShell } from './modal-shell';

export interface DialogProps {
  open: boolean;
  /** Called for the close button, Escape and a backdrop click (never while `busy`). */
  onClose: () => void;
  /** The heading; it names the dialog (aria-labelledby). */
  title: ReactNode;
  children: ReactNode;
  /** Actions row under the scrolling body, e.g. Cancel and Submit. */
  footer?: ReactNode;
  /** While true (submitting), Escape, backdrop and the × are ignored. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name of the × button. */
  closeLabel?: string;
  className?: string;
}

/** A modal dialog on the native <dialog> element (UI.md: focus trap, Escape, backdrop, aria-modal). */
export function Dialog({ size = 'md', className, ...props }: DialogProps) {
  return (
    <ModalShell
      {...props}
      className={[styles.dialog, size === 'md' ? null : styles[size], className]
        .filter(Boolean)
        .join(' ')}
      classes={styles}
    />
  );
}
