import {
  type AdminPayoutView,
  exportInfluencerPayoutsRoute,
  listAdminInfluencerPayoutsRoute,
} from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type ChipTone,
  type DataColumn,
  DataTable,
  DataTableToolbar,
  errorMessage,
  Select,
  useApiMutation,
  useApiQuery,
  useTableUrlState,
  useToast,
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

/** Saves the export where the browser saves downloads. */
function download(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Influencer payouts: payee details, amount, requested, status, flags; approve (net of debts),
 * export the approved ones for the bank, mark each paid with its reference, or reject with a
 * reason.
 */
export function PayoutsScreen() {
  const toast = useToast();
  const exporter = useApiMutation(exportInfluencerPayoutsRoute);
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
          {(item.method === 'bank'
            ? [item.bankName, copy.bank(item.accountNumber ?? '', item.ifsc ?? '')]
            : [item.upiId]
          )
            .concat(item.mobile)
            .filter(Boolean)
            .map((line) => (
              <span key={line} className={styles.muted}>
                {line}
              </span>
            ))}
        </span>
      ),
    },
    {
      id: 'amount',
      header: copy.amount,
      cell: (item) => (
        <span className={styles.stack}>
          <span>{formatMoney(item.amount, 'INR')}</span>
          {item.netted > 0 ? (
            <span className={styles.muted}>{copy.netted(formatMoney(item.netted, 'INR'))}</span>
          ) : null}
          {item.debt > 0 && (item.status === 'requested' || item.status === 'approved') ? (
            <span className={styles.debt}>{copy.debt(formatMoney(item.debt, 'INR'))}</span>
          ) : null}
        </span>
      ),
      align: 'end',
      nowrap: true,
    },
    {
      id: 'flags',
      header: copy.flags,
      cell: (item) =>
        item.flags.length === 0 ? (
          <span className={styles.muted}>{copy.noFlags}</span>
        ) : (
          <Chip tone="warning">{item.flags.length}</Chip>
        ),
    },
    {
      id: 'status',
      header: copy.status,
      cell: (item) => (
        <span className={styles.stack}>
          <Chip tone={TONES[item.status]}>{copy.statuses[item.status]}</Chip>
          {item.txnId ? <span className={styles.muted}>{item.txnId}</span> : null}
          {item.reason ? (
            <span className={styles.muted}>{copy.rejectedBecause(item.reason)}</span>
          ) : null}
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
            {item.status === 'requested' ? (
              <Button
                size="sm"
                aria-label={`${copy.approve} ${payeeNameOf(item)}`}
                onClick={() => setAction({ kind: 'approve', payout: item })}
              >
                {copy.approve}
              </Button>
            ) : (
              <Button
                size="sm"
                aria-label={`${copy.pay} ${payeeNameOf(item)}`}
                onClick={() => setAction({ kind: 'pay', payout: item })}
              >
                {copy.pay}
              </Button>
            )}
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

  const exportApproved = async () => {
    try {
      const answer = await exporter.mutateAsync({});
      if (answer.count === 0) {
        toast.show(copy.exportEmpty, { tone: 'info' });
        return;
      }
      download(answer.filename, answer.csv);
      toast.show(copy.exported(answer.count, formatMoney(answer.total, 'INR')), {
        tone: 'success',
      });
    } catch (failure) {
      toast.show(errorMessage(failure, copy.exportFailed), { tone: 'danger' });
    }
  };

  return (
    <>
      <ListHeading heading={copy.heading} />
      <DataTableToolbar>
        <Button
          variant="secondary"
          loading={exporter.isPending}
          loadingLabel={copy.working}
          title={copy.exportFormat}
          onClick={() => void exportApproved()}
        >
          {copy.export}
        </Button>
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
