import { ADMIN_SETTABLE_STATUSES, type AdminSettableStatus } from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';
import { Button } from '@shortlist/web-kit';
import styles from './orders.module.css';
import { ordersMessages as copy } from './orders-messages';

/**
 * Set Pending / Processing / Complete (SPEC §4: any of the three, in any order). The current
 * status is pressed; a refunded order keeps its status (the server answers 409), so it has none.
 */
export function OrderStatusButtons({
  order,
  busy,
  onSet,
}: {
  order: OrderView;
  /** The status being set on this order now, if any. */
  busy: AdminSettableStatus | null;
  onSet: (status: AdminSettableStatus) => void;
}) {
  if (order.status === 'refunded') return null;
  return (
    <fieldset className={styles.statusGroup} aria-label={copy.setStatusOf(order.id)}>
      {ADMIN_SETTABLE_STATUSES.map((status) => {
        const current = order.status === status;
        const label = copy.statusActions[status];
        return (
          <Button
            key={status}
            size="sm"
            variant={current ? 'primary' : 'secondary'}
            aria-pressed={current}
            disabled={busy !== null}
            loading={busy === status}
            loadingLabel={label}
            aria-label={copy.setTo(label)}
            onClick={() => {
              if (!current) onSet(status);
            }}
          >
            {label}
          </Button>
        );
      })}
    </fieldset>
  );
}
