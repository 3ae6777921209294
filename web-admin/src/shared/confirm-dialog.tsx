import { Button, Dialog } from '@shortlist/web-kit';
import type { ReactNode } from 'react';
import { messages } from './messages';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** Names who and what is affected (UI.md: the amount, the currency, the person). */
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The one confirmation every destructive or money action asks for, confirmed in red. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      busy={busy}
      closeLabel={messages.common.close}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {messages.common.cancel}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} loadingLabel={confirmLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
