import { type OrderView, refundOrderRoute } from '@shortlist/domain/contract';
import { errorMessage, useApiMutation, useToast } from '@shortlist/web-kit';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { formatMoney, shortId } from '../../shared/format';
import { messages } from '../../shared/messages';

const copy = messages.orders;

/** A full refund, confirmed with the amount, the currency and the person (UI.md). */
export function RefundDialog({
  order,
  person,
  onClose,
}: {
  order: OrderView | null;
  /** Who gets the money back, as the list or drawer names them. */
  person: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const refund = useApiMutation(refundOrderRoute);
  const amount = order ? formatMoney(order.amount, order.currency) : '';

  const confirm = async () => {
    if (order === null) return;
    try {
      const answer = await refund.mutateAsync({ params: { id: order.id } });
      toast.show(answer.message || copy.refundIssued, { tone: 'success' });
      onClose();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.refundFailed), { tone: 'danger' });
    }
  };

  return (
    <ConfirmDialog
      open={order !== null}
      title={copy.refundTitle}
      confirmLabel={copy.refundConfirm(amount)}
      busy={refund.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      <p>
        {order
          ? copy.refundLead(amount, order.currency.toUpperCase(), person, shortId(order.id))
          : null}
      </p>
    </ConfirmDialog>
  );
}
