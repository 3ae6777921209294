import { type AdminUser, listAdminUserOrdersRoute } from '@shortlist/domain/contract';
import {
  Drawer,
  EmptyState,
  ErrorState,
  Skeleton,
  StatusChip,
  useApiQuery,
} from '@shortlist/web-kit';
import { formatDateTime, formatMoney, shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './user-orders-drawer.module.css';

const copy = messages.users;

/** A user's orders, paid or not, newest first (the Users screen's "orders on click"). */
export function UserOrdersDrawer({
  user,
  name,
  onClose,
}: {
  user: AdminUser | null;
  name: string;
  onClose: () => void;
}) {
  const orders = useApiQuery(
    listAdminUserOrdersRoute,
    { params: { id: user?.id ?? '' } },
    { enabled: user !== null },
  );

  return (
    <Drawer
      open={user !== null}
      onClose={onClose}
      title={copy.ordersTitle(name)}
      closeLabel={messages.common.close}
    >
      {orders.isPending ? (
        <Skeleton lines={4} height="1.25rem" />
      ) : orders.isError ? (
        <ErrorState
          message={copy.ordersFailed}
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
          retryLabel={messages.common.retry}
        />
      ) : orders.data.items.length === 0 ? (
        <EmptyState title={copy.noOrders} headingLevel={3} />
      ) : (
        <ul className={styles.list}>
          {orders.data.items.map((order) => (
            <li key={order.id} className={styles.item}>
              <div className={styles.top}>
                <span className={styles.plan}>{order.planName}</span>
                <span className={styles.amount}>{formatMoney(order.amount, order.currency)}</span>
              </div>
              <div className={styles.meta}>
                <code>{shortId(order.id)}</code>
                <span>{formatDateTime(order.createdAt)}</span>
                <StatusChip value={order.status} />
                <StatusChip kind="payment" value={order.paymentStatus} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}
