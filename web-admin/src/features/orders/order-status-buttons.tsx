import { ADMIN_SETTABLE_STATUSES, type AdminSettableStatus } from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';
import { Button } from '@shortlist/web-kit';
import { shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './orders.module.css';

const copy = messages.orders;

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
    <fieldset className={styles.statusGroup} aria-label={copy.setStatusOf(shortId(order.id))}>
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

/**
 * The same choice as one native select, for the dense list row (UI.md: 40 px rows): choosing a
 * status sets it at once.
 */
export function OrderStatusSelect({
  order,
  busy,
  onSet,
}: {
  order: OrderView;
  busy: AdminSettableStatus | null;
  onSet: (status: AdminSettableStatus) => void;
}) {
  if (order.status === 'refunded') return null;
  const current = ADMIN_SETTABLE_STATUSES.find((status) => status === order.status);
  return (
    <select
      className={styles.statusSelect}
      aria-label={copy.setStatusOf(shortId(order.id))}
      value={busy ?? current ?? ''}
      disabled={busy !== null}
      aria-busy={busy !== null || undefined}
      onChange={(event) => {
        const chosen = ADMIN_SETTABLE_STATUSES.find((status) => status === event.target.value);
        if (chosen && chosen !== order.status) onSet(chosen);
      }}
    >
      {current === undefined ? (
        <option value="" disabled>
          {copy.setStatus}
        </option>
      ) : null}
      {ADMIN_SETTABLE_STATUSES.map((status) => (
        <option key={status} value={status}>
          {copy.statusActions[status]}
        </option>
      ))}
    </select>
  );
}
