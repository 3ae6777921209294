import { useId } from 'react';
import { CloseIcon } from './close-icon';
import type { DialogProps } from './dialog-props';
import shared from './modal-shell.module.css';
import { useModalDialog } from './use-modal-dialog';

/** The class names a look (centred dialog, side drawer) adds to the shared structure. */
export interface ModalShellClasses {
  frame?: string;
  header?: string;
  body?: string;
}

const join = (...names: (string | undefined)[]) => names.filter(Boolean).join(' ');

interface ModalShellProps extends Omit<DialogProps, 'size' | 'className'> {
  /** Class of the <dialog> element itself. */
  className: string;
  classes: ModalShellClasses;
}

/**
 * What Dialog and Drawer share: the native <dialog> with its mechanics (focus trap, Escape,
 * backdrop, busy), a titled header with the × button, a scrolling body and a footer.
 */
export function ModalShell({
  open,
  onClose,
  title,
  children,
  footer,
  busy = false,
  closeLabel = 'Close',
  className,
  classes,
}: ModalShellProps) {
  const titleId = useId();
  const { ref, ...handlers } = useModalDialog({ open, onClose, busy });
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={titleId}
      aria-modal="true"
      aria-busy={busy || undefined}
      {...handlers}
    >
      {open ? (
        <div className={join(shared.frame, classes.frame)}>
          <div className={join(shared.header, classes.header)}>
            <h2 id={titleId} className={shared.title}>
              {title}
            </h2>
            <button
              type="button"
              className={shared.close}
              aria-label={closeLabel}
              disabled={busy}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          </div>
          {/* Focusable so a keyboard can scroll long content (axe scrollable-region-focusable). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above. */}
          <div className={join(shared.body, classes.body)} tabIndex={0}>
            {children}
          </div>
          {footer ? <div className={shared.footer}>{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}
