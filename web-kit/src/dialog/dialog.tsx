import styles from './dialog.module.css';
import type { DialogProps } from './dialog-props';
import { ModalShell } from './modal-shell';

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
