import type { OrderView } from '@shortlist/domain/contract';
import { flowMessages } from '../../shared/flow-messages';
import { formatOrderTime, newestFirst } from '../../shared/orders/order-facts';
import { PaymentChip, StageSummary } from '../../shared/orders/order-timeline';
import { ActionsCell, DeliveredCell, type OrderActions, UploadsCell } from './order-cells';
import styles from './orders.module.css';

const copy = flowMessages.orders;

/** The same facts as the table, one card per order, for phones (no sideways scrolling). */
export function OrderCards({
  orders,
  onShowSuggestions,
  onShowReceipt,
}: OrderActions & { orders: readonly OrderView[] }) {
  if (orders.length === 0) return <p className={styles.muted}>{copy.noMatch}</p>;
  return (
    <ul className={styles.cards} aria-label={copy.caption}>
      {newestFirst(orders).map((order) => (
        <li key={order.id} className={styles.card}>
          <div className={styles.cardHead}>
            <h2 className={styles.cardTitle}>{order.planName}</h2>
            <div className={styles.chips}>
              <PaymentChip order={order} />
            </div>
          </div>
          <dl className={styles.cardFacts}>
            <div>
              <dt>{copy.columns.status}</dt>
              <dd>
                <StageSummary order={order} />
              </dd>
            </div>
            <div>
              <dt>{copy.columns.id}</dt>
              <dd className={styles.orderId}>{order.id}</dd>
            </div>
            <div>
              <dt>{copy.columns.time}</dt>
              <dd>{formatOrderTime(order.createdAt)}</dd>
            </div>
            <div>
              <dt>{copy.columns.uploads}</dt>
              <dd>
                <UploadsCell order={order} />
              </dd>
            </div>
            <div>
              <dt>{copy.columns.delivered}</dt>
              <dd>
                <DeliveredCell order={order} onShowSuggestions={onShowSuggestions} />
              </dd>
            </div>
            <div>
              <dt>{copy.columns.actions}</dt>
              <dd>
                <ActionsCell order={order} onShowReceipt={onShowReceipt} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
