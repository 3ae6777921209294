import { REFERRAL_PROGRAMME } from '@shortlist/domain';
import { listInfluencerPayoutsRoute, type PayoutView } from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type ChipTone,
  type DataColumn,
  DataTable,
  PageHeader,
  Skeleton,
  useApiQuery,
} from '@shortlist/web-kit';
import { useState } from 'react';
import { formatDate, formatRupees } from '../../shared/format';
import { LoadErrorState } from '../../shared/load-error-state';
import { messages } from '../../shared/messages';
import { PayoutRequestDialog } from './payout-request-dialog';
import styles from './payouts.module.css';

const copy = messages.payouts;

const STATUS_TONE: Record<PayoutView['status'], ChipTone> = {
  requested: 'warning',
  approved: 'info',
  paid: 'success',
  rejected: 'danger',
};

const columns: DataColumn<PayoutView>[] = [
  {
    id: 'requestedAt',
    header: copy.requested,
    nowrap: true,
    cell: (payout) => formatDate(payout.requestedAt),
  },
  {
    id: 'amount',
    header: copy.amount,
    align: 'end',
    nowrap: true,
    cell: (payout) => formatRupees(payout.amount),
  },
  {
    id: 'status',
    header: copy.status,
    nowrap: true,
    cell: (payout) => (
      <Chip tone={STATUS_TONE[payout.status]}>{copy.statusLabel[payout.status]}</Chip>
    ),
  },
  {
    id: 'processedAt',
    header: copy.processed,
    nowrap: true,
    cell: (payout) => (payout.processedAt ? formatDate(payout.processedAt) : messages.notAvailable),
  },
  {
    id: 'txnId',
    header: copy.reference,
    cell: (payout) => payout.txnId ?? messages.notAvailable,
  },
  {
    id: 'note',
    header: copy.note,
    cell: (payout) =>
      payout.reason
        ? copy.rejected(payout.reason)
        : payout.netted > 0
          ? copy.netted(formatRupees(payout.netted))
          : messages.notAvailable,
  },
];

/**
 * SPEC §2 Payouts: balance and registrations against the §9 thresholds as progress, the
 * server's eligibility, Request payout (one open request at a time) and the payouts list.
 */
export function PayoutsScreen() {
  const payouts = useApiQuery(listInfluencerPayoutsRoute, {});
  const [dialogOpen, setDialogOpen] = useState(false);
  const stats = payouts.data?.stats;
  const open = payouts.data?.items.some(
    (payout) => payout.status === 'requested' || payout.status === 'approved',
  );
  const canRequest = stats?.eligible === true && open === false;
  const why = open
    ? copy.openRequest
    : stats?.eligible
      ? copy.eligible
      : copy.notEligible(
          REFERRAL_PROGRAMME.minRegistrations,
          formatRupees(REFERRAL_PROGRAMME.minBalance),
        );

  return (
    <div className={styles.page}>
      <title>{messages.title(copy.title)}</title>
      <PageHeader
        title={copy.heading}
        description={copy.lead}
        actions={
          <Button
            disabled={!canRequest}
            aria-describedby="payout-eligibility"
            onClick={() => setDialogOpen(true)}
          >
            {copy.request}
          </Button>
        }
      />
      {payouts.isError ? (
        <LoadErrorState
          error={payouts.error}
          onRetry={() => void payouts.refetch()}
          retrying={payouts.isFetching}
        />
      ) : (
        <>
          <section className={styles.progress} aria-label={copy.eligibility}>
            {stats ? (
              <>
                <Progress
                  label={copy.balance}
                  value={stats.balance}
                  target={REFERRAL_PROGRAMME.minBalance}
                  format={formatRupees}
                />
                <Progress
                  label={copy.registrations}
                  value={stats.registrations}
                  target={REFERRAL_PROGRAMME.minRegistrations}
                  format={String}
                />
              </>
            ) : (
              <Skeleton height="4rem" lines={2} />
            )}
            {stats && stats.debt > 0 ? (
              <p className={styles.debt} role="note">
                {copy.debt(formatRupees(stats.debt))}
              </p>
            ) : null}
            {stats && stats.pending > 0 ? (
              <p className={styles.muted}>{copy.pending(formatRupees(stats.pending))}</p>
            ) : null}
            <p
              id="payout-eligibility"
              className={stats?.eligible && !open ? styles.eligible : styles.muted}
            >
              {stats ? why : null}
            </p>
          </section>
          <DataTable
            label={copy.tableLabel}
            columns={columns}
            rows={payouts.data?.items}
            getRowId={(payout) => payout._id}
            loading={payouts.isPending}
            empty={{ title: copy.empty, message: copy.emptyHint }}
            labels={{ retry: messages.retry }}
          />
        </>
      )}
      <PayoutRequestDialog
        open={dialogOpen}
        balance={stats?.balance ?? 0}
        saved={payouts.data?.savedDetails ?? null}
        onClose={() => setDialogOpen(false)}
      />
    </div>
  );
}

function Progress({
  label,
  value,
  target,
  format,
}: {
  label: string;
  value: number;
  target: number;
  format: (value: number) => string;
}) {
  return (
    <div className={styles.meter}>
      <div className={styles.meterHead}>
        <span className={styles.meterLabel}>{label}</span>
        <span className={styles.meterValue}>{copy.progress(format(value), format(target))}</span>
      </div>
      <progress
        className={styles.bar}
        max={target}
        value={Math.min(value, target)}
        aria-label={`${label}: ${copy.progress(format(value), format(target))}`}
      />
    </div>
  );
}
