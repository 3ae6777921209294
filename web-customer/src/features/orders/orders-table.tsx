import {
  normalizeOrderStatus,
  StatusChip,
  Table,
  type TableColumn,
  VisuallyHidden,
} from '@shortlist/web-kit';
import { flowMessages } from '../../shared/messages';
import { formatOrderTime, type Order, shortId } from '../../shared/orders/order-facts';
import { ActionsCell, DeliveredCell, type OrderActions, UploadsCell } from './order-cells';
import styles from './orders.module.css';

const copy = flowMessages.orders;

export interface OrdersTableProps extends OrderActions {
  orders: readonly Order[];
}

/** SPEC §2 Orders table, with the columns in the order the spec lists them (wide screens). */
export function OrdersTable({ orders, onShowSuggestions, onShowReceipt }: OrdersTableProps) {
  const columns: TableColumn<Order>[] = [
    {
      key: 'id',
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
      key: 'service',
      header: copy.columns.service,
      cell: (order) => <span className={styles.service}>{order.planName}</span>,
    },
    {
      key: 'status',
      header: copy.columns.status,
      cell: (order) => <StatusChip value={order.status} />,
      sortValue: (order) => normalizeOrderStatus(order.status),
    },
    {
      key: 'payment',
      header: copy.columns.payment,
      cell: (order) => <StatusChip kind="payment" value={order.paymentStatus} />,
    },
    {
      key: 'time',
      header: copy.columns.time,
      cell: (order) => <span className={styles.time}>{formatOrderTime(order.createdAt)}</span>,
      sortValue: (order) => Date.parse(order.createdAt) || 0,
    },
    {
      key: 'uploads',
      header: copy.columns.uploads,
      cell: (order) => <UploadsCell order={order} />,
    },
    {
      key: 'delivered',
      header: copy.columns.delivered,
      cell: (order) => <DeliveredCell order={order} onShowSuggestions={onShowSuggestions} />,
    },
    {
      key: 'actions',
      header: copy.columns.actions,
      cell: (order) => <ActionsCell order={order} onShowReceipt={onShowReceipt} />,
    },
  ];
  return (
    <Table
      className={styles.table}
      caption={copy.caption}
      hideCaption
      columns={columns}
      rows={orders}
      rowKey={(order) => order.id}
      defaultSort={{ key: 'time', direction: 'descending' }}
      empty={{ message: copy.noMatch }}
    />
  );
}
