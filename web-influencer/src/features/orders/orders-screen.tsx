import { ORDER_STATUSES, type OrderStatus } from '@shortlist/domain';
import { normalizeOrderStatus, orderStatusLook, PageHeader, Select } from '@shortlist/web-kit';
import { useSearchParams } from 'react-router-dom';
import { LoadErrorState } from '../../shared/load-error-state';
import { messages } from '../../shared/messages';
import { ReferredOrdersTable } from '../../shared/referred-orders-table';
import { useDashboard } from '../../shared/use-dashboard';
import styles from './orders-screen.module.css';

const copy = messages.orders;

const STATUS_OPTIONS = [
  { value: '', label: copy.allStatuses },
  ...ORDER_STATUSES.map((status) => ({ value: status, label: orderStatusLook(status).label })),
];

function statusFilter(value: string | null): OrderStatus | null {
  return value !== null && (ORDER_STATUSES as readonly string[]).includes(value)
    ? (value as OrderStatus)
    : null;
}

/** SPEC §2 Orders: the referred orders, filtered by status (kept in the URL, ?status=). */
export function OrdersScreen() {
  const dashboard = useDashboard();
  const [search, setSearch] = useSearchParams();
  const status = statusFilter(search.get('status'));
  const orders = dashboard.data?.orders.filter(
    (order) => status === null || normalizeOrderStatus(order.status) === status,
  );

  return (
    <div className={styles.page}>
      <title>{messages.title(copy.title)}</title>
      <PageHeader title={copy.heading} description={copy.lead} />
      <div className={styles.filters}>
        <Select
          label={copy.filter}
          name="status"
          options={STATUS_OPTIONS}
          value={status ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(search);
            if (event.target.value) next.set('status', event.target.value);
            else next.delete('status');
            setSearch(next, { replace: true });
          }}
        />
      </div>
      {dashboard.isError ? (
        <LoadErrorState
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <ReferredOrdersTable
          orders={orders}
          loading={dashboard.isPending}
          error={null}
          onRetry={() => void dashboard.refetch()}
          empty={
            status === null
              ? { title: copy.empty, message: copy.emptyHint }
              : { title: copy.emptyFiltered }
          }
        />
      )}
    </div>
  );
}
