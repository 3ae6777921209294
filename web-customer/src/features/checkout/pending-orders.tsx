import { formatPrice, UNPAID_ORDER_EXPIRY_DAYS } from '@shortlist/domain';
import {
  Button,
  EmptyState,
  ErrorState,
  LinkButton,
  Skeleton,
  useSession,
} from '@shortlist/web-kit';
import { type ReactNode, useState } from 'react';
import { flowMessages } from '../../shared/flow-messages';
import {
  currencyOf,
  formatOrderTime,
  isPaid,
  newestFirst,
  shortId,
} from '../../shared/orders/order-facts';
import { useOrderHistory } from '../../shared/orders/use-order-history';
import { paths } from '../../shared/paths';
import screen from '../../shared/screen.module.css';
import styles from './checkout.module.css';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { OrderPlacedDialog } from './order-placed-dialog';
import { useDeleteOrder } from './use-delete-order';
import { usePayNow } from './use-pay-now';

const copy = flowMessages.checkout;

/** Checkout without orderId: every unpaid order, with Pay Now, Open Details and Delete. */
export function PendingOrders() {
  const { user } = useSession();
  const email = user?.email.trim() || null;
  // SPEC §2 Checkout without orderId: the orders awaiting payment, newest first.
  const orders = useOrderHistory(email, (all) => newestFirst(all.filter((o) => !isPaid(o))));
  const [placed, setPlaced] = useState(false);
  // The paid order leaves this list through the app's stale-after table (use-pay-now.ts).
  const payment = usePayNow(() => setPlaced(true));
  const removal = useDeleteOrder();

  let body: ReactNode;
  if (orders.isPending || email === null) {
    body = (
      <div className={styles.list} role="status" aria-label={copy.loading}>
        <Skeleton height="7rem" />
        <Skeleton height="7rem" />
      </div>
    );
  } else if (orders.isError) {
    body = <ErrorState message={copy.loadFailed} onRetry={() => void orders.refetch()} />;
  } else if (orders.data.length === 0) {
    body = (
      <EmptyState
        title={copy.noPending}
        message={copy.noPendingText}
        action={
          <LinkButton to={paths.createResume} variant="primary">
            {copy.createResume}
          </LinkButton>
        }
      />
    );
  } else {
    body = (
      <ul className={styles.list} aria-label={copy.caption}>
        {orders.data.map((order) => {
          const currency = currencyOf(order);
          const payable = order.amount > 0 && currency !== null;
          return (
            <li key={order.id} className={styles.orderCard}>
              <div className={styles.orderMain}>
                <h2 className={styles.orderTitle}>{order.planName}</h2>
                <p className={styles.muted}>
                  <span title={order.id}>
                    {copy.orderId} {shortId(order.id)}
                  </span>
                  {' · '}
                  {formatOrderTime(order.createdAt)}
                </p>
              </div>
              <p className={styles.orderAmount}>
                {currency ? formatPrice(order.amount, currency) : order.amount}
              </p>
              <div className={styles.actions}>
                {payable ? (
                  <Button
                    onClick={() => payment.pay(order.id)}
                    disabled={payment.payingId !== null}
                    loading={payment.payingId === order.id}
                    loadingLabel={copy.paying}
                    aria-label={copy.payNowFor(order.id)}
                  >
                    {copy.payNow}
                  </Button>
                ) : (
                  <span className={styles.noPayment}>{copy.noPayment}</span>
                )}
                <LinkButton
                  to={`${paths.checkout}?orderId=${encodeURIComponent(order.id)}`}
                  variant="secondary"
                  aria-label={copy.openDetailsFor(order.id)}
                >
                  {copy.openDetails}
                </LinkButton>
                <Button
                  variant="danger-quiet"
                  onClick={() => removal.ask(order.id)}
                  disabled={payment.payingId === order.id}
                  aria-label={copy.deleteFor(order.id)}
                >
                  {copy.delete}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className={screen.page}>
      <header className={screen.header}>
        <h1 className={screen.heading}>{copy.heading}</h1>
        <p className={styles.lead}>
          {copy.listLead} {copy.expiryNote(UNPAID_ORDER_EXPIRY_DAYS)}
        </p>
      </header>
      {payment.error ? (
        <p className={styles.error} role="alert">
          {payment.error}
        </p>
      ) : null}
      {body}
      <p className={styles.muted}>{copy.secure}</p>
      <ConfirmDeleteDialog
        open={removal.open}
        busy={removal.busy}
        onConfirm={removal.confirm}
        onCancel={removal.cancel}
      />
      <OrderPlacedDialog open={placed} onClose={() => setPlaced(false)} />
    </div>
  );
}
