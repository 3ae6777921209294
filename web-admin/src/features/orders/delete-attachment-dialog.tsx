import { deleteOrderAttachmentRoute } from '@shortlist/domain/contract';
import { errorMessage, useApiMutation, useToast } from '@shortlist/web-kit';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { shortId } from '../../shared/format';
import { messages } from '../../shared/messages';

const copy = messages.orders;

export interface AttachmentToDelete {
  orderId: string;
  filename: string;
  name: string;
}

/** Deleting a delivery file: SPEC §5 wants its file name and a confirmation. */
export function DeleteAttachmentDialog({
  attachment,
  onClose,
}: {
  attachment: AttachmentToDelete | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const remove = useApiMutation(deleteOrderAttachmentRoute);

  const confirm = async () => {
    if (attachment === null) return;
    if (attachment.filename.trim() === '') {
      toast.show(copy.missingFilename, { tone: 'danger' });
      return;
    }
    try {
      const answer = await remove.mutateAsync({
        params: { id: attachment.orderId, filename: attachment.filename },
      });
      toast.show(answer.message || copy.deleted, { tone: 'success' });
      onClose();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.deleteFailed), { tone: 'danger' });
    }
  };

  return (
    <ConfirmDialog
      open={attachment !== null}
      title={copy.deleteTitle}
      confirmLabel={copy.delete}
      busy={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>{attachment ? copy.deleteLead(attachment.name, shortId(attachment.orderId)) : null}</p>
    </ConfirmDialog>
  );
}
