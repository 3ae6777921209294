import { type AdminPayoutView, listAdminInfluencerPayoutsRoute } from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type ChipTone,
  type DataColumn,
  DataTable,
  DataTableToolbar,
  Select,
  useApiQuery,
  useTableUrlState,
} from '@shortlist/web-kit';
import { useState } from 'react';
import { ListHeading, loadStates, RowActions } from '../../shared/admin-list';
import { formatDateTime, formatMoney } from '../../shared/format';
import { messages } from '../../shared/messages';
import { payeeNameOf } from './payee-name';
import { type PayoutAction, PayoutActionDialog } from './payout-action-dialog';
import styles from './payouts-screen.module.css';

const copy = messages.payouts;
const TONES: Record<AdminPayoutView['status'], ChipTone> = {
  requested: 'warning',
  approved: 'info',
  paid: 'success',
  rejected: 'neutral',
};

/** Influencer payouts: payee details, amount, requested, status; pay with a reference or reject. */
export function PayoutsScreen() {
  const view = useTableUrlState<'status'>({ defaults: { filters: { status: '' } } });
  const [action, setAction] = useState<{ kind: PayoutAction; payout: AdminPayoutView } | null>(
    null,
  );
  const list = useApiQuery(listAdminInfluencerPayoutsRoute, {});
  const status = view.filters.status;
  const rows = list.data?.items.filter((item) => status === '' || item.status === status);

  const columns: DataColumn<AdminPayoutView>[] = [
    {
      id: 'requestedAt',
      header: copy.requested,
      cell: (item) => formatDateTime(item.requestedAt),
      nowrap: true,
    },
    {
      id: 'influencer',
      header: copy.influencer,
      cell: (item) => (
        <span className={styles.stack}>
          <strong>{payeeNameOf(item)}</strong>
          <span className={styles.muted}>{item.influencerId.email ?? ''}</span>
        </span>
      ),
    },
    {
      id: 'payee',
      header: copy.payee,
      cell: (item) => (
        <span className={styles.stack}>
          <span>{item.payeeName ?? '—'}</span>
          <span className={styles.muted}>
            {[item.upiId, item.bankName, item.mobile].filter(Boolean).join(' · ') || '—'}
          </span>
        </span>
      ),
    },
    {
      id: 'amount',
      header: copy.amount,
      cell: (item) => formatMoney(item.amount, 'INR'),
      align: 'end',
      nowrap: true,
    },
    {
      id: 'status',
      header: copy.status,
      nowrap: true,
      cell: (item) => (
        <span className={styles.stack}>
          <Chip tone={TONES[item.status]}>{copy.statuses[item.status]}</Chip>
          {item.txnId ? <span className={styles.muted}>{item.txnId}</span> : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: messages.common.actions,
      nowrap: true,
      cell: (item) =>
        item.status === 'requested' || item.status === 'approved' ? (
          <RowActions>
            <Button
              size="sm"
              aria-label={`${copy.approve} ${payeeNameOf(item)}`}
              onClick={() => setAction({ kind: 'pay', payout: item })}
            >
              {copy.approve}
            </Button>
            <Button
              size="sm"
              variant="danger-quiet"
              aria-label={`${copy.reject} ${payeeNameOf(item)}`}
              onClick={() => setAction({ kind: 'reject', payout: item })}
            >
              {copy.reject}
            </Button>
          </RowActions>
        ) : null,
    },
  ];

  return (
    <>
      <ListHeading heading={copy.heading} />
      <DataTableToolbar>
        <Select
          label={copy.filter}
          value={status}
          onChange={(event) => view.setFilter('status', event.target.value)}
          options={[
            { value: '', label: messages.common.all },
            ...(['requested', 'approved', 'paid', 'rejected'] as const).map((value) => ({
              value,
              label: copy.statuses[value],
            })),
          ]}
        />
      </DataTableToolbar>
      <DataTable
        label={copy.heading}
        columns={columns}
        rows={rows}
        getRowId={(item) => item._id}
        {...loadStates(list, copy.loadFailed)}
        empty={{ title: copy.empty }}
      />
      <PayoutActionDialog action={action} onClose={() => setAction(null)} />
    </>
  );
}
