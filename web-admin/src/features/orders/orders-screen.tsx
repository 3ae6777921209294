import { ORDER_STATUSES } from '@shortlist/domain';
import {
  type AdminOrderItem,
  listAdminOrdersRoute,
  type OrderView,
} from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type DataColumn,
  DataTable,
  DataTableToolbar,
  orderStatusLook,
  Select,
  StatusChip,
  useApiQuery,
  useTableUrlState,
} from '@shortlist/web-kit';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ListHeading, ListSearch, loadStates, PAGE_SIZE, pagingOf } from '../../shared/admin-list';
import { formatDateTime, formatMoney, shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import { AttachFileDialog } from './attach-file-dialog';
import { type AttachmentToDelete, DeleteAttachmentDialog } from './delete-attachment-dialog';
import { OrderActions, type OrderDialogKind } from './order-actions';
import { useSetOrderStatus } from './order-commands';
import { OrderDrawer } from './order-drawer';
import styles from './orders.module.css';
import { RefundDialog } from './refund-dialog';
import { SuggestionsDialog } from './suggestions-dialog';

const copy = messages.orders;

const FILTERS = { status: '', overdue: '' } as const;
/** `?order={id}` keeps the drawer open across a reload or a shared link. */
const ORDER_PARAM = 'order';

interface OpenDialog {
  kind: OrderDialogKind;
  order: OrderView;
  /** Who the order belongs to, as the refund confirmation names them. */
  person: string;
}

const personOf = (user: AdminOrderItem['user'] | null, order: OrderView) =>
  user?.name ?? user?.email ?? order.userEmail ?? copy.noName;

/** SPEC §2 Orders: search and status filter, paid orders, their actions and the details drawer. */
export function OrdersScreen() {
  const view = useTableUrlState<keyof typeof FILTERS>({ defaults: { filters: FILTERS } });
  const [params, setParams] = useSearchParams();
  const openOrderId = params.get(ORDER_PARAM);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [deleting, setDeleting] = useState<AttachmentToDelete | null>(null);
  const { setStatus, pending } = useSetOrderStatus();
  const status = ORDER_STATUSES.find((known) => known === view.filters.status);
  const overdue = view.filters.overdue === '1';

  const list = useApiQuery(
    listAdminOrdersRoute,
    {
      query: {
        q: view.q || undefined,
        status,
        overdue: overdue ? '1' : undefined,
        page: view.page,
        limit: PAGE_SIZE,
      },
    },
    { placeholderData: keepPreviousData },
  );

  const openDrawer = (orderId: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (orderId === null) next.delete(ORDER_PARAM);
      else next.set(ORDER_PARAM, orderId);
      return next;
    });
  const busyFor = (orderId: string) =>
    pending?.params.id === orderId ? (pending.body.status ?? null) : null;

  const columns: DataColumn<AdminOrderItem>[] = [
    {
      id: 'id',
      header: copy.columns.id,
      cell: (order) => <code title={order.id}>{shortId(order.id)}</code>,
      nowrap: true,
    },
    {
      id: 'user',
      header: copy.columns.user,
      cell: (order) => (
        <div className={styles.person}>
          <span>{order.user.name ?? <em className={styles.erased}>{copy.erased}</em>}</span>
          <span className={styles.muted}>{order.user.email ?? order.userEmail ?? copy.erased}</span>
        </div>
      ),
    },
    { id: 'service', header: copy.columns.service, cell: (order) => order.planName },
    {
      id: 'amount',
      header: copy.columns.amount,
      cell: (order) => formatMoney(order.amount, order.currency),
      align: 'end',
      nowrap: true,
    },
    {
      id: 'status',
      header: copy.columns.status,
      cell: (order) => <StatusChip value={order.status} />,
      nowrap: true,
    },
    {
      id: 'createdAt',
      header: copy.columns.created,
      cell: (order) => formatDateTime(order.createdAt),
      nowrap: true,
    },
    {
      id: 'actions',
      header: copy.columns.actions,
      cell: (order) => (
        <OrderActions
          order={order}
          // The list carries no refund flag: this is the server's rule (SPEC §1), and the
          // server still refuses a refund it does not allow.
          refundable={order.paymentStatus === 'paid' && order.status === 'pending'}
          busyStatus={busyFor(order.id)}
          onSetStatus={(next) => void setStatus(order.id, next)}
          onOpenDialog={(kind) => setDialog({ kind, order, person: personOf(order.user, order) })}
          onViewDetails={() => openDrawer(order.id)}
        />
      ),
    },
  ];

  const statusOptions = [
    { value: '', label: messages.common.all },
    ...ORDER_STATUSES.map((value) => ({ value, label: orderStatusLook(value).label })),
  ];

  return (
    <>
      <ListHeading heading={copy.heading} description={copy.lead} />
      <DataTableToolbar>
        <ListSearch view={view} label={copy.search} hint={copy.searchHint} />
        <Select
          label={copy.statusFilter}
          className={styles.filter}
          options={statusOptions}
          value={status ?? ''}
          onChange={(event) => view.setFilter('status', event.target.value)}
        />
        {overdue ? (
          <div className={styles.overdue}>
            <Chip tone="warning">{copy.overdueFilter}</Chip>
            <Button size="sm" variant="ghost" onClick={() => view.setFilter('overdue', '')}>
              {copy.showAll}
            </Button>
          </div>
        ) : null}
      </DataTableToolbar>
      <DataTable
        label={copy.heading}
        columns={columns}
        rows={list.data?.items}
        getRowId={(order) => order.id}
        {...loadStates(list, copy.loadFailed)}
        empty={{ title: copy.empty, message: view.q ? copy.emptySearch(view.q) : undefined }}
        paging={pagingOf(view, list.data?.total)}
        onRowOpen={(order) => openDrawer(order.id)}
        rowLabel={(order) => copy.viewDetailsOf(shortId(order.id))}
      />
      <OrderDrawer
        orderId={openOrderId}
        onClose={() => openDrawer(null)}
        busyStatus={openOrderId ? busyFor(openOrderId) : null}
        onSetStatus={(orderId, next) => void setStatus(orderId, next)}
        onOpenDialog={(kind, detail) =>
          setDialog({
            kind,
            order: detail.order,
            person: detail.customer?.name ?? detail.customer?.email ?? personOf(null, detail.order),
          })
        }
        onDeleteAttachment={setDeleting}
      />
      <AttachFileDialog
        order={dialog?.kind === 'attach' ? dialog.order : null}
        onClose={() => setDialog(null)}
      />
      <SuggestionsDialog
        order={dialog?.kind === 'suggestions' ? dialog.order : null}
        onClose={() => setDialog(null)}
      />
      <RefundDialog
        order={dialog?.kind === 'refund' ? dialog.order : null}
        person={dialog?.person ?? ''}
        onClose={() => setDialog(null)}
      />
      <DeleteAttachmentDialog attachment={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
