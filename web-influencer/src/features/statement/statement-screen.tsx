import { getInfluencerStatementRoute, type StatementEntry } from '@shortlist/domain/contract';
import {
  Button,
  type DataColumn,
  DataTable,
  EmptyState,
  Field,
  PageHeader,
  Skeleton,
  useApiQuery,
  useMediaQuery,
  VisuallyHidden,
} from '@shortlist/web-kit';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  endOfLocalDay,
  formatDate,
  formatDateTime,
  formatRupees,
  formatSignedRupees,
  localDateValue,
} from '../../shared/format';
import { LoadErrorState } from '../../shared/load-error-state';
import { messages } from '../../shared/messages';
import styles from './statement.module.css';
import { downloadText, reasonOf, statementCsv } from './statement-lines';

const copy = messages.statement;

const columns: DataColumn<StatementEntry>[] = [
  { id: 'at', header: copy.date, nowrap: true, cell: (entry) => formatDateTime(entry.at) },
  { id: 'reason', header: copy.reason, cell: (entry) => reasonOf(entry) },
  {
    id: 'amount',
    header: copy.amount,
    align: 'end',
    nowrap: true,
    cell: (entry) => formatSignedRupees(entry.amount),
  },
  {
    id: 'balance',
    header: copy.balance,
    align: 'end',
    nowrap: true,
    cell: (entry) => formatRupees(entry.balance),
  },
];

/** From here the four columns fit; below it each line is a card with its money in view. */
export const WIDE_STATEMENT = '(min-width: 40rem)';

/**
 * A phone's statement: one card per line, the reason and the amount on top, the date and the
 * balance after it below, so no money sits in a column scrolled out of sight.
 */
function StatementLines({ entries }: { entries: readonly StatementEntry[] | undefined }) {
  if (entries === undefined) {
    return (
      <div role="status" aria-label={copy.loading}>
        <Skeleton lines={4} height="3rem" />
      </div>
    );
  }
  if (entries.length === 0) return <EmptyState title={copy.empty} message={copy.emptyHint} />;
  return (
    <ol className={styles.lines} aria-label={copy.tableLabel}>
      {entries.map((entry) => (
        <li key={entry.id} className={styles.line}>
          <span className={styles.lineReason}>{reasonOf(entry)}</span>
          <span className={styles.lineAmount}>
            <VisuallyHidden>{copy.amount} </VisuallyHidden>
            {formatSignedRupees(entry.amount)}
          </span>
          <span className={styles.lineMeta}>{formatDateTime(entry.at)}</span>
          <span className={styles.lineMeta}>
            {copy.balance} {formatRupees(entry.balance)}
          </span>
        </li>
      ))}
    </ol>
  );
}

/**
 * The earnings statement: every ledger line oldest first with the balance after it, as of the
 * end of a day the influencer picks (kept in the URL, ?asOf=YYYY-MM-DD), downloadable as CSV.
 */
export function StatementScreen() {
  const [search, setSearch] = useSearchParams();
  const today = localDateValue(new Date());
  const asOf = search.get('asOf') ?? today;
  const before = endOfLocalDay(asOf) ?? undefined;
  const [draft, setDraft] = useState(asOf);
  const statement = useApiQuery(getInfluencerStatementRoute, { query: { before } });
  const wide = useMediaQuery(WIDE_STATEMENT);

  const pick = (value: string) => {
    setDraft(value);
    if (endOfLocalDay(value) === null) return;
    const next = new URLSearchParams(search);
    if (value === today) next.delete('asOf');
    else next.set('asOf', value);
    setSearch(next, { replace: true });
  };

  const closing = formatDate(`${asOf}T12:00:00`);

  return (
    <div className={styles.page}>
      <title>{messages.title(copy.title)}</title>
      <PageHeader
        title={copy.heading}
        description={copy.lead}
        actions={
          <Button
            variant="secondary"
            disabled={!statement.data}
            onClick={() =>
              statement.data &&
              downloadText(statementCsv(statement.data.entries), copy.fileName(asOf))
            }
          >
            {copy.download}
          </Button>
        }
      />
      <div className={styles.controls}>
        <Field
          label={copy.asOf}
          hint={copy.asOfHint}
          type="date"
          name="asOf"
          max={today}
          value={draft}
          onChange={(event) => pick(event.target.value)}
        />
        <p className={styles.closing} aria-live="polite">
          <span className={styles.closingLabel}>{copy.closing(closing)}</span>
          <span className={styles.closingValue} data-testid="statement-balance">
            {statement.data ? formatRupees(statement.data.balance) : messages.notAvailable}
          </span>
        </p>
      </div>
      {statement.isError ? (
        <LoadErrorState
          error={statement.error}
          fallback={copy.failed}
          onRetry={() => void statement.refetch()}
          retrying={statement.isFetching}
        />
      ) : !wide ? (
        <StatementLines entries={statement.data?.entries} />
      ) : (
        <DataTable
          label={copy.tableLabel}
          columns={columns}
          rows={statement.data?.entries}
          getRowId={(entry) => entry.id}
          loading={statement.isPending}
          refreshing={statement.isFetching && !statement.isPending}
          empty={{ title: copy.empty, message: copy.emptyHint }}
          labels={{ retry: messages.retry }}
        />
      )}
    </div>
  );
}
