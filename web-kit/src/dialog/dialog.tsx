import { type ReactNode, useId } from 'react';
import { CloseIcon } from './close-icon';
import styles from './dialog.module.css';
import { useModalDialog } from './use-modal-dialog';

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
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
  busy = false,
  size = 'md',
  closeLabel = 'Close',
  className,
}: DialogProps) {
  const titleId = useId();
  const { ref, ...handlers } = useModalDialog({ open, onClose, busy });
  return (
    <dialog
      ref={ref}
      className={[styles.dialog, size === 'md' ? null : styles[size], className]
        .filter(Boolean)
        .join(' ')}
      aria-labelledby={titleId}
      aria-modal="true"
      aria-busy={busy || undefined}
      {...handlers}
    >
      {open ? (
        <div className={styles.frame}>
          <div className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button
              type="button"
              className={styles.close}
              aria-label={closeLabel}
              disabled={busy}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
          {/* Focusable so a keyboard can scroll long content (axe scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above. */}
          <div className={styles.body} tabIndex={0}>
            {children}
          </div>
          {footer ? <div className={styles.footer}>{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
