import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
  useEffect,
  useRef,
} from 'react';

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function tabbablesIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (element) => !element.closest('[inert]') && element.getAttribute('tabindex') !== '-1',
  );
}

export interface ModalDialogOptions {
  open: boolean;
  onClose: () => void;
  /** While busy, Escape and the backdrop do nothing (SPEC §4: not while submitting). */
  busy?: boolean;
}

export interface ModalDialogBindings {
  ref: RefObject<HTMLDialogElement | null>;
  onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => void;
  onCancel: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onClose: () => void;
  onClick: (event: MouseEvent<HTMLDialogElement>) => void;
}

/**
 * The mechanics shared by Dialog and Drawer on a native <dialog> opened with showModal():
 * the browser makes the page inert and draws the backdrop; this adds what it leaves out —
 * Tab wraps inside (instead of escaping to the browser's toolbar), Escape and backdrop clicks
 * respect `busy`, and focus returns to whatever opened the dialog.
 *
 * The dialog's content must sit in one wrapper child filling the box: a click whose target is
 * the <dialog> itself then can only be on the backdrop.
 */
export function useModalDialog({
  open,
  onClose,
  busy = false,
}: ModalDialogOptions): ModalDialogBindings {
  const ref = useRef<HTMLDialogElement | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  // Handlers read the latest props without re-running the open/close effect.
  const latest = useRef({ onClose, busy, open });
  latest.current = { onClose, busy, open };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
    if (!open) restoreFocus(openerRef);
  }, [open]);

  // Unmounting while open (a route change) must not strand focus on a removed node.
  useEffect(
    () => () => {
      if (ref.current?.open) restoreFocus(openerRef);
    },
    [],
  );

  const requestClose = () => {
    if (!latest.current.busy) latest.current.onClose();
  };

  return {
    ref,
    onKeyDown: (event) => {
      if (event.key === 'Escape') {
        // Handled here, not by the browser, so `busy` can refuse it and the state stays in React.
        event.preventDefault();
        event.stopPropagation();
        requestClose();
        return;
      }
      if (event.key === 'Tab') {
        const dialog = ref.current;
        if (!dialog) return;
        const tabbables = tabbablesIn(dialog);
        const first = tabbables[0];
        const last = tabbables[tabbables.length - 1];
        if (!first || !last) {
          event.preventDefault();
          return;
        }
        const active = document.activeElement;
        if (event.shiftKey && (active === first || active === dialog)) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && active === last) {
          event.preventDefault();
          first.focus();
        }
      }
    },
    // The browser's own close request (Escape on some platforms, Android back).
    onCancel: (event) => {
      event.preventDefault();
      requestClose();
    },
    // A close we did not ask for (e.g. a form with method="dialog"): bring React's state in line.
    onClose: () => {
      if (latest.current.open) {
        if (latest.current.busy) ref.current?.showModal();
        else latest.current.onClose();
      }
    },
    onClick: (event) => {
      if (event.target === event.currentTarget) requestClose();
    },
  };
}

function restoreFocus(openerRef: RefObject<HTMLElement | null>) {
  const opener = openerRef.current;
  openerRef.current = null;
  if (opener?.isConnected) opener.focus();
}
