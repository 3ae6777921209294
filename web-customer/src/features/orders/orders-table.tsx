import type { OrderView } from '@shortlist/domain/contract';
import {
  type DataColumn,
  DataTable,
  type DataTableSort,
  normalizeOrderStatus,
  VisuallyHidden,
} from '@shortlist/web-kit';
import { useState } from 'react';
import { flowMessages } from '../../shared/flow-messages';
import { formatOrderTime, shortId } from '../../shared/orders/order-facts';
import { PaymentChip, StageSummary } from '../../shared/orders/order-timeline';
import { ActionsCell, DeliveredCell, type OrderActions, UploadsCell } from './order-cells';
import styles from './orders.module.css';

const copy = flowMessages.orders;
const NEWEST_FIRST: DataTableSort = { id: 'time', desc: true };

export interface OrdersTableProps extends OrderActions {
  orders: readonly OrderView[];
}

/** SPEC §2 Orders table, with the columns in the order the spec lists them (wide screens). */
export function OrdersTable({ orders, onShowSuggestions, onShowReceipt }: OrdersTableProps) {
  const [sort, setSort] = useState<DataTableSort | null>(NEWEST_FIRST);
  // Kept here, not in the cells: the table renders its cells afresh, an open timeline stays open.
  const [openTimelines, setOpenTimelines] = useState<ReadonlySet<string>>(new Set());
  const toggleTimeline = (id: string, open: boolean) =>
    setOpenTimelines((current) => {
      if (current.has(id) === open) return current;
      const next = new Set(current);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });
  const columns: DataColumn<OrderView>[] = [
    {
      id: 'id',
      header: copy.columns.id,
      rowHeader: true,
      cell: (order) => (
        <span className={styles.orderId} title={order.id}>
          <span aria-hidden="true">{shortId(order.id)}</span>
          <VisuallyHidden>{order.id}</VisuallyHidden>
        </span>
      ),
    },
    {
      id: 'service',
      header: copy.columns.service,
      cell: (order) => <span className={styles.service}>{order.planName}</span>,
    },
    {
      id: 'status',
      header: copy.columns.status,
      cell: (order) => (
        <StageSummary
          order={order}
          timelineOpen={openTimelines.has(order.id)}
          onTimelineToggle={(open) => toggleTimeline(order.id, open)}
        />
      ),
      sortable: true,
      sortValue: (order) => normalizeOrderStatus(order.status),
    },
    {
      id: 'payment',
      header: copy.columns.payment,
      cell: (order) => <PaymentChip order={order} />,
    },
    {
      id: 'time',
      header: copy.columns.time,
      cell: (order) => <span className={styles.time}>{formatOrderTime(order.createdAt)}</span>,
      sortable: true,
      sortValue: (order) => Date.parse(order.createdAt) || 0,
    },
    {
      id: 'uploads',
      header: copy.columns.uploads,
      cell: (order) => <UploadsCell order={order} />,
    },
    {
      id: 'delivered',
      header: copy.columns.delivered,
      cell: (order) => <DeliveredCell order={order} onShowSuggestions={onShowSuggestions} />,
    },
    {
      id: 'actions',
      header: copy.columns.actions,
      cell: (order) => <ActionsCell order={order} onShowReceipt={onShowReceipt} />,
    },
  ];
  return (
    // The wrapper carries the customer layout's column widths (orders.module.css .table).
    <div className={styles.table}>
      <DataTable
        label={copy.caption}
        columns={columns}
        rows={orders}
        getRowId={(order) => order.id}
        sortMode="client"
        sort={sort}
        onSortChange={setSort}
        empty={{ title: copy.noMatch }}
      />
    </div>
  );
}
