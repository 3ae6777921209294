import type { AdminSettableStatus } from '@shortlist/domain';
import { type AdminOrderDetail, getAdminOrderDetailRoute } from '@shortlist/domain/contract';
import { ApiError, Drawer, ErrorState, Skeleton, useApiQuery } from '@shortlist/web-kit';
import { type KeyboardEvent, useId, useState } from 'react';
import { shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import { AuditTrail } from './audit-trail';
import type { AttachmentToDelete } from './delete-attachment-dialog';
import { OrderActions, type OrderDialogKind } from './order-actions';
import { OrderDetails } from './order-details';
import styles from './orders.module.css';

const copy = messages.orders;

type Tab = 'details' | 'history';
const TABS: readonly Tab[] = ['details', 'history'];

export interface OrderDrawerProps {
  /** The order shown, or null when the drawer is closed. */
  orderId: string | null;
  onClose: () => void;
  busyStatus: AdminSettableStatus | null;
  onSetStatus: (orderId: string, status: AdminSettableStatus) => void;
  onOpenDialog: (kind: OrderDialogKind, detail: AdminOrderDetail) => void;
  onDeleteAttachment: (attachment: AttachmentToDelete) => void;
}

/** View Details: the order's facts and resume form, and its History from the event store. */
export function OrderDrawer({
  orderId,
  onClose,
  busyStatus,
  onSetStatus,
  onOpenDialog,
  onDeleteAttachment,
}: OrderDrawerProps) {
  const [tab, setTab] = useState<Tab>('details');
  const baseId = useId();
  const detail = useApiQuery(
    getAdminOrderDetailRoute,
    { params: { id: orderId ?? '' } },
    { enabled: orderId !== null },
  );

  const close = () => {
    setTab('details');
    onClose();
  };

  const moveTab = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length] ?? 'details';
    setTab(next);
    document.getElementById(`${baseId}-${next}-tab`)?.focus();
  };

  const notFound = detail.error instanceof ApiError && detail.error.status === 404;

  return (
    <Drawer
      open={orderId !== null}
      onClose={close}
      width="wide"
      title={copy.drawerTitle(orderId ? shortId(orderId) : '')}
      closeLabel={messages.common.close}
    >
      {orderId === null ? null : detail.isPending ? (
        <Skeleton lines={8} height="1.25rem" />
      ) : detail.isError ? (
        <ErrorState
          message={notFound ? copy.notFound : copy.detailsFailed}
          onRetry={notFound ? undefined : () => void detail.refetch()}
          retrying={detail.isFetching}
          retryLabel={messages.common.retry}
        />
      ) : (
        <>
          <OrderActions
            order={detail.data.order}
            refundable={detail.data.refundable}
            busyStatus={busyStatus}
            onSetStatus={(status) => onSetStatus(detail.data.order.id, status)}
            onOpenDialog={(kind) => onOpenDialog(kind, detail.data)}
          />
          <div role="tablist" aria-label={copy.tabs.label} className={styles.tabs}>
            {TABS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${baseId}-${name}-tab`}
                aria-selected={tab === name}
                aria-controls={`${baseId}-${name}-panel`}
                tabIndex={tab === name ? 0 : -1}
                className={styles.tab}
                onClick={() => setTab(name)}
                onKeyDown={moveTab}
              >
                {copy.tabs[name]}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`${baseId}-${tab}-panel`}
            aria-labelledby={`${baseId}-${tab}-tab`}
            className={styles.tabPanel}
          >
            {tab === 'details' ? (
              <OrderDetails detail={detail.data} onDeleteAttachment={onDeleteAttachment} />
            ) : (
              <AuditTrail orderId={orderId} customerId={detail.data.customer?.id ?? null} />
            )}
          </div>
        </>
      )}
    </Drawer>
  );
}
