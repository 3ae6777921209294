import type { ReactNode } from 'react';

/** What a dialog takes; the shell and every dialog built on it (Dialog, Drawer) share it. */
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
