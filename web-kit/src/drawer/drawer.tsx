import { useId } from 'react';
import { CloseIcon } from '../dialog/close-icon';
import type { DialogProps } from '../dialog/dialog';
import { useModalDialog } from '../dialog/use-modal-dialog';
import styles from './drawer.module.css';

export interface DrawerProps extends Omit<DialogProps, 'size'> {
  side?: 'right' | 'left';
  width?: 'md' | 'wide';
}

/** A modal side panel (admin "View Details", reply history) with Dialog's mechanics. */
export function Drawer({
  open,
  onClose,
  title,
  children,
  footer,
  busy = false,
  side = 'right',
  width = 'md',
  closeLabel = 'Close',
  className,
}: DrawerProps) {
  const titleId = useId();
  const { ref, ...handlers } = useModalDialog({ open, onClose, busy });
  const classes = [
    styles.drawer,
    side === 'left' ? styles.left : null,
    width === 'wide' ? styles.wide : null,
    className,
  ];
  return (
    <dialog
      ref={ref}
      className={classes.filter(Boolean).join(' ')}
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
