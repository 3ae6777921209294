import { formatPrice } from '@shortlist/domain';
import type { OrderView } from '@shortlist/domain/contract';
import { LinkButton } from '@shortlist/web-kit';
import { Link } from 'react-router-dom';
import { flowMessages } from '../../shared/flow-messages';
import { currencyOf, shortId } from '../../shared/orders/order-facts';
import { paths } from '../../shared/paths';
import styles from './orders.module.css';

const copy = flowMessages.orders;

/** SPEC §9: the banner links at most 3 orders. */
const PENDING_BANNER_LIMIT = 3;

/** SPEC §2: orders awaiting payment, with Resume Checkout links and See all pending. */
export function PendingBanner({ orders }: { orders: readonly OrderView[] }) {
  if (orders.length === 0) return null;
  return (
    <section className={styles.banner} aria-labelledby="pending-banner-heading">
      <div>
        <h2 id="pending-banner-heading" className={styles.bannerTitle}>
          {copy.bannerTitle(orders.length)}
        </h2>
        <p>{copy.bannerText}</p>
      </div>
      <ul className={styles.bannerList}>
        {orders.slice(0, PENDING_BANNER_LIMIT).map((order) => (
          <li key={order.id} className={styles.bannerItem}>
            <span>
              {order.planName}{' '}
              <span className={styles.muted}>
                {shortId(order.id)}
                {currencyOf(order)
                  ? ` · ${formatPrice(order.amount, currencyOf(order) ?? 'INR')}`
                  : ''}
              </span>
            </span>
            <Link
              to={`${paths.checkout}?orderId=${encodeURIComponent(order.id)}`}
              aria-label={copy.resumeCheckoutFor(order.planName, order.id)}
            >
              {copy.resumeCheckout}
            </Link>
          </li>
        ))}
      </ul>
      <LinkButton to={paths.checkout} variant="secondary" size="sm">
        {copy.seeAllPending}
      </LinkButton>
    </section>
  );
}
