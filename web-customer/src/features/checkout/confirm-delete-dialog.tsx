import { Button, Dialog } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';

const copy = flowMessages.checkout;

/** SPEC §5: 'Delete this order? This cannot be undone.' */
export function ConfirmDeleteDialog({
  open,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      busy={busy}
      size="sm"
      title={copy.confirmTitle}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {copy.keep}
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={busy} loadingLabel={copy.deleting}>
            {copy.delete}
          </Button>
        </>
      }
    >
      <p>{copy.confirmDelete}</p>
    </Dialog>
  );
}
