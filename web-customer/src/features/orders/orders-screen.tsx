import type { OrderView } from '@shortlist/domain/contract';
import {
  EmptyState,
  ErrorState,
  LinkButton,
  normalizeOrderStatus,
  Skeleton,
  useMediaQuery,
  useSession,
} from '@shortlist/web-kit';
import { type ReactNode, useState } from 'react';
import { flowMessages } from '../../shared/flow-messages';
import { isPaid, receiptUrlOf } from '../../shared/orders/order-facts';
import { ReceiptDialog } from '../../shared/orders/receipt-dialog';
import { useOrderHistory } from '../../shared/orders/use-order-history';
import { loginPath, paths } from '../../shared/paths';
import screen from '../../shared/screen.module.css';
import { OrderCards } from './order-cards';
import styles from './orders.module.css';
import { OrdersTable } from './orders-table';
import { PendingBanner } from './pending-banner';
import { SuggestionsDialog } from './suggestions-dialog';

const copy = flowMessages.orders;

const FILTERS = [
  { id: 'all', label: copy.filterAll },
  { id: 'pending', label: copy.filterPending },
  { id: 'processing', label: copy.filterProcessing },
  { id: 'completed', label: copy.filterCompleted },
  // A refund is its own outcome: never counted with the work done or still to do.
  { id: 'refunded', label: copy.filterRefunded },
] as const;
type FilterId = (typeof FILTERS)[number]['id'];

/** From here the table fits; below it the orders show as cards. */
export const WIDE_QUERY = '(min-width: 60rem)';

/** SPEC §4: a missing status or 'paid' counts as Pending (normalizeOrderStatus does that). */
export function matchesFilter(order: OrderView, filter: FilterId): boolean {
  return filter === 'all' || normalizeOrderStatus(order.status) === filter;
}

/** SPEC §2 Orders: paid orders in a table, unpaid ones in a banner. */
export function OrdersScreen() {
  const { user } = useSession();
  const email = user?.email.trim() || null;
  const history = useOrderHistory(email);
  const [filter, setFilter] = useState<FilterId>('all');
  const [suggestionsFor, setSuggestionsFor] = useState<string | null>(null);
  const [receiptOf, setReceiptOf] = useState<OrderView | null>(null);
  // Eight columns need a wide screen; phones get one card per order instead.
  const wide = useMediaQuery(WIDE_QUERY);

  let body: ReactNode;
  if (email === null) {
    body = (
      <EmptyState
        title={copy.loginNeeded}
        action={
          <LinkButton to={loginPath(paths.orders)} variant="primary">
            {flowMessages.login.submit}
          </LinkButton>
        }
      />
    );
  } else if (history.isPending) {
    body = (
      <div className={styles.loading} role="status" aria-label={copy.loading}>
        <Skeleton height="2.5rem" />
        <Skeleton lines={4} height="1.75rem" />
      </div>
    );
  } else if (history.isError) {
    body = <ErrorState message={copy.loadFailed} onRetry={() => void history.refetch()} />;
  } else {
    const paid = history.data.filter(isPaid);
    const unpaid = history.data.filter((order) => !isPaid(order));
    const shown = paid.filter((order) => matchesFilter(order, filter));
    body = (
      <>
        <PendingBanner orders={unpaid} />
        {paid.length === 0 ? (
          <EmptyState
            title={copy.empty}
            message={copy.emptyText}
            action={
              <LinkButton to={paths.createResume} variant="primary">
                {copy.createResume}
              </LinkButton>
            }
          />
        ) : (
          <>
            <fieldset className={styles.filters}>
              <legend className={styles.filtersLegend}>{copy.filters}</legend>
              {FILTERS.map((option) => {
                const count = paid.filter((order) => matchesFilter(order, option.id)).length;
                return (
                  <label
                    key={option.id}
                    className={[styles.filter, filter === option.id ? styles.filterOn : null]
                      .filter(Boolean)
                      .join(' ')}
                  >
                    <input
                      type="radio"
                      name="order-filter"
                      value={option.id}
                      checked={filter === option.id}
                      onChange={() => setFilter(option.id)}
                    />
                    {option.label}
                    <span className={styles.count}>{count}</span>
                  </label>
                );
              })}
            </fieldset>
            {wide ? (
              <OrdersTable
                orders={shown}
                onShowSuggestions={setSuggestionsFor}
                onShowReceipt={setReceiptOf}
              />
            ) : (
              <OrderCards
                orders={shown}
                onShowSuggestions={setSuggestionsFor}
                onShowReceipt={setReceiptOf}
              />
            )}
          </>
        )}
      </>
    );
  }

  return (
    <div className={screen.page}>
      <title>{copy.title}</title>
      <header className={screen.header}>
        <h1 className={screen.heading}>{copy.heading}</h1>
        <p className={styles.lead}>{copy.lead}</p>
      </header>
      {body}
      <SuggestionsDialog orderId={suggestionsFor} onClose={() => setSuggestionsFor(null)} />
      <ReceiptDialog
        url={receiptOf ? receiptUrlOf(receiptOf) : null}
        orderId={receiptOf?.id ?? ''}
        onClose={() => setReceiptOf(null)}
      />
    </div>
  );
}
