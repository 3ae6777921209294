import type { getInfluencerDashboardRoute, RouteResponse } from '@shortlist/domain/contract';
import { type DataColumn, DataTable, StatusChip } from '@shortlist/web-kit';
import type { ReactNode } from 'react';
import { formatDate, maskEmail, serviceLabel, shortId } from './format';
import { messages } from './messages';

export type ReferredOrder = RouteResponse<typeof getInfluencerDashboardRoute>['orders'][number];

const copy = messages.orders;

const columns: DataColumn<ReferredOrder>[] = [
  {
    id: 'orderId',
    header: copy.order,
    nowrap: true,
    cell: (order) => <span title={order.orderId}>{shortId(order.orderId)}</span>,
  },
  {
    id: 'userEmail',
    header: copy.user,
    cell: (order) => maskEmail(order.userEmail) ?? messages.notAvailable,
  },
  { id: 'service', header: copy.service, cell: (order) => serviceLabel(order.service) },
  {
    id: 'status',
    header: copy.status,
    nowrap: true,
    cell: (order) => <StatusChip value={order.status} />,
  },
  {
    id: 'createdAt',
    header: copy.created,
    nowrap: true,
    cell: (order) => formatDate(order.createdAt),
  },
];

/** SPEC §2: order, user e-mail (masked), service, status, created. */
export function ReferredOrdersTable({
  orders,
  loading,
  error,
  onRetry,
  empty,
}: {
  orders: readonly ReferredOrder[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  empty: { title: string; message?: ReactNode; action?: ReactNode };
}) {
  return (
    <DataTable
      label={copy.tableLabel}
      columns={columns}
      rows={orders}
      getRowId={(order) => order.orderId}
      loading={loading}
      error={error}
      onRetry={onRetry}
      empty={empty}
      labels={{ retry: messages.retry }}
    />
  );
}
