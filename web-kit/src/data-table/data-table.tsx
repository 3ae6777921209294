import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Button } from '../button/button';
import { Skeleton } from '../feedback/skeleton';
import { EmptyState, ErrorState } from '../feedback/states';
import styles from './data-table.module.css';
import type { DataTableSort } from './use-table-url-state';

/** One column of a DataTable. */
export interface DataColumn<Row> {
  /** Also the sort key sent to the server (`sort=-createdAt`). */
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Server sort: the header toggles the sort; client sort: give `sortValue` too. */
  sortable?: boolean;
  /** For sorting in the browser (`sortMode="client"`): the value rows are compared by. */
  sortValue?: (row: Row) => string | number;
  /** 'end' for money and counts (UI.md: right-aligned, tabular numbers). */
  align?: 'start' | 'end';
  /** Keeps short cells (dates, chips, actions) on one line. */
  nowrap?: boolean;
  /** The row's identifying cell: a row header (th scope="row") that names the row. */
  rowHeader?: boolean;
}

export interface DataTablePaging {
  page: number;
  pageSize: number;
  /** Items in the whole list (the server's `total`). */
  total: number;
  onPageChange: (page: number) => void;
}

export interface DataTableLabels {
  previous: string;
  next: string;
  /** e.g. (1, 50, 123) → "1–50 of 123". */
  range: (from: number, to: number, total: number) => string;
  loading: string;
  retry: string;
  sortBy: (column: string) => string;
}

const DEFAULT_LABELS: DataTableLabels = {
  previous: 'Previous',
  next: 'Next',
  range: (from, to, total) => `${from}–${to} of ${total}`,
  loading: 'Loading…',
  retry: 'Retry',
  sortBy: (column) => `Sort by ${column}`,
};

export interface DataTableProps<Row> {
  /** The table's accessible name (a visually hidden caption). */
  label: string;
  columns: readonly DataColumn<Row>[];
  /** undefined while the first answer is awaited. */
  rows: readonly Row[] | undefined;
  getRowId: (row: Row) => string;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** A later load (next page, new search) while the old rows still show. */
  refreshing?: boolean;
  /** The SPEC §8 message of a failed load; shown with Retry instead of the rows. */
  error?: string | null;
  onRetry?: () => void;
  /** What an empty answer shows: a title and maybe the next action. */
  empty: { title: string; message?: ReactNode; action?: ReactNode };
  sort?: DataTableSort | null;
  onSortChange?: (sort: DataTableSort | null) => void;
  /** 'server' (default): the caller sends the sort with the request; 'client': rows sort here. */
  sortMode?: 'server' | 'client';
  paging?: DataTablePaging;
  /** Opens a row (details drawer): a click on the row, or Enter when it has focus. */
  onRowOpen?: (row: Row) => void;
  /** The accessible name of a row that opens, e.g. "Order 1a2b". */
  rowLabel?: (row: Row) => string;
  skeletonRows?: number;
  labels?: Partial<DataTableLabels>;
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="button"]';

/**
 * The staff apps' list on @tanstack/react-table: sorting by header (aria-sort), server paging,
 * skeleton rows, empty and error states with Retry, rows that open by click or Enter, and a
 * scroller of its own so a wide table scrolls inside itself, never the page.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  getRowId,
  loading = false,
  refreshing = false,
  error,
  onRetry,
  empty,
  sort = null,
  onSortChange,
  sortMode = 'server',
  paging,
  onRowOpen,
  rowLabel,
  skeletonRows = 5,
  labels: labelOverrides,
}: DataTableProps<Row>) {
  const labels = { ...DEFAULT_LABELS, ...labelOverrides };
  const sorting: SortingState = sort ? [sort] : [];
  const columnDefs: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.id,
    header: () => column.header,
    cell: ({ row }) => column.cell(row.original),
    enableSorting: !!column.sortable,
    ...(column.sortValue
      ? { accessorFn: column.sortValue, sortingFn: 'basic' as const }
      : { accessorFn: () => null }),
    meta: column,
  }));

  const table = useReactTable<Row>({
    data: (rows ?? []) as Row[],
    columns: columnDefs,
    getRowId: (row) => getRowId(row),
    state: { sorting },
    manualSorting: sortMode === 'server',
    manualPagination: true,
    enableSortingRemoval: false,
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      onSortChange?.(first ? { id: first.id, desc: first.desc } : null);
    },
    getCoreRowModel: getCoreRowModel(),
    ...(sortMode === 'client' ? { getSortedRowModel: getSortedRowModel() } : {}),
  });

  if (error && !rows?.length) {
    return (
      <ErrorState
        message={error}
        onRetry={onRetry}
        retryLabel={labels.retry}
        retrying={refreshing}
      />
    );
  }

  const showSkeleton = loading && rows === undefined;
  const isEmpty = !showSkeleton && rows !== undefined && rows.length === 0;

  const openFromKey = (event: KeyboardEvent<HTMLTableRowElement>, row: Row) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) {
      event.preventDefault();
      onRowOpen?.(row);
    }
  };
  const openFromClick = (event: MouseEvent<HTMLTableRowElement>, row: Row) => {
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    onRowOpen?.(row);
  };

  return (
    <div className={styles.wrap}>
      {/* Focusable so a keyboard can scroll a wide table on a phone (axe scrollable-region). */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: see above. */}
      <section className={styles.scroller} aria-label={label} tabIndex={0}>
        <table className={styles.table} aria-busy={showSkeleton || refreshing || undefined}>
          <caption className={styles.hidden}>{label}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column.columnDef.meta as DataColumn<Row>;
                  const sorted = header.column.getIsSorted();
                  const ariaSort = !column.sortable
                    ? undefined
                    : sorted === 'asc'
                      ? 'ascending'
                      : sorted === 'desc'
                        ? 'descending'
                        : 'none';
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={ariaSort}
                      className={[styles.th, column.align === 'end' ? styles.end : null]
                        .filter(Boolean)
                        .join(' ')}
                    >
                      {column.sortable ? (
                        <button
                          type="button"
                          className={styles.sortButton}
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {content}
                          <SortIcon direction={sorted} />
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {showSkeleton
              ? Array.from({ length: skeletonRows }, (_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder rows.
                  <tr key={index}>
                    {columns.map((column) => (
                      <td key={column.id} className={styles.td}>
                        <Skeleton width={column.align === 'end' ? '4rem' : '80%'} />
                      </td>
                    ))}
                  </tr>
                ))
              : table.getRowModel().rows.map((row) => (
                  <tr
                    key={row.id}
                    className={onRowOpen ? styles.openable : undefined}
                    tabIndex={onRowOpen ? 0 : undefined}
                    aria-label={onRowOpen && rowLabel ? rowLabel(row.original) : undefined}
                    onKeyDown={onRowOpen ? (event) => openFromKey(event, row.original) : undefined}
                    onClick={onRowOpen ? (event) => openFromClick(event, row.original) : undefined}
                  >
                    {row.getVisibleCells().map((cell) => {
                      const column = cell.column.columnDef.meta as DataColumn<Row>;
                      const Cell = column.rowHeader ? 'th' : 'td';
                      return (
                        <Cell
                          key={cell.id}
                          scope={column.rowHeader ? 'row' : undefined}
                          className={[
                            styles.td,
                            column.rowHeader ? styles.rowHeader : null,
                            column.align === 'end' ? styles.end : null,
                            column.nowrap ? styles.nowrap : null,
                          ]
                            .filter(Boolean)
                            .join(' ')}
                        >
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </Cell>
                      );
                    })}
                  </tr>
                ))}
          </tbody>
        </table>
        {showSkeleton ? <p className={styles.hidden}>{labels.loading}</p> : null}
      </section>
      {isEmpty ? (
        <EmptyState
          title={empty.title}
          message={empty.message}
          action={empty.action}
          headingLevel={2}
          className={styles.empty}
        />
      ) : null}
      {error && rows?.length ? (
        <ErrorState message={error} onRetry={onRetry} retryLabel={labels.retry} />
      ) : null}
      {paging && !isEmpty && !showSkeleton ? <Pager paging={paging} labels={labels} /> : null}
    </div>
  );
}

function Pager({ paging, labels }: { paging: DataTablePaging; labels: DataTableLabels }) {
  const { page, pageSize, total, onPageChange } = paging;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <div className={styles.pager}>
      <p className={styles.range} aria-live="polite">
        {labels.range(from, to, total)}
      </p>
      <div className={styles.pagerButtons}>
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          {labels.previous}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pages}
          onClick={() => onPageChange(page + 1)}
        >
          {labels.next}
        </Button>
      </div>
    </div>
  );
}

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <svg
      className={styles.sortIcon}
      width="12"
      height="12"
      viewBox="0 0 12 12"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 1.5 9 5H3z" fill="currentColor" opacity={direction === 'desc' ? 0.3 : 1} />
      <path d="M6 10.5 3 7h6z" fill="currentColor" opacity={direction === 'asc' ? 0.3 : 1} />
    </svg>
  );
}
