import type { AdminSettableStatus } from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';
import { Button } from '@shortlist/web-kit';
import { shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import { OrderStatusButtons, OrderStatusSelect } from './order-status-buttons';
import styles from './orders.module.css';

const copy = messages.orders;

export type OrderDialogKind = 'attach' | 'suggestions' | 'refund';

export interface OrderActionsProps {
  order: OrderView;
  /** The server's refund rule for this order (SPEC §1: paid and still pending). */
  refundable: boolean;
  /** The status being set on this order now, if any. */
  busyStatus: AdminSettableStatus | null;
  onSetStatus: (status: AdminSettableStatus) => void;
  onOpenDialog: (kind: OrderDialogKind) => void;
  /** The row's "View Details" and its compact status select; the drawer has buttons instead. */
  onViewDetails?: () => void;
}

/** An order's actions (SPEC §2), the same in its list row and at the top of its drawer. */
export function OrderActions({
  order,
  refundable,
  busyStatus,
  onSetStatus,
  onOpenDialog,
  onViewDetails,
}: OrderActionsProps) {
  const id = shortId(order.id);
  return (
    <div className={onViewDetails ? `${styles.actions} ${styles.rowActions}` : styles.actions}>
      {onViewDetails ? (
        <OrderStatusSelect order={order} busy={busyStatus} onSet={onSetStatus} />
      ) : (
        <OrderStatusButtons order={order} busy={busyStatus} onSet={onSetStatus} />
      )}
      <div className={styles.actionButtons}>
        {onViewDetails ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={copy.viewDetailsOf(id)}
            onClick={onViewDetails}
          >
            {copy.viewDetails}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          aria-label={copy.attachTo(id)}
          onClick={() => onOpenDialog('attach')}
        >
          {copy.attach}
        </Button>
        {order.service === 'resume_review' ? (
          <Button
            size="sm"
            variant="ghost"
            aria-label={copy.suggestionsFor(id)}
            onClick={() => onOpenDialog('suggestions')}
          >
            {copy.suggestions}
          </Button>
        ) : null}
        {refundable ? (
          <Button
            size="sm"
            variant="danger-quiet"
            aria-label={copy.refundOf(id)}
            onClick={() => onOpenDialog('refund')}
          >
            {copy.refund}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
