import { type ReactNode, useState } from 'react';
import { Button } from '../button/button';
import { visuallyHiddenClassName } from '../visually-hidden/visually-hidden';
import styles from './table.module.css';

export type SortDirection = 'ascending' | 'descending';

export interface TableSort {
  key: string;
  direction: SortDirection;
}

export interface TableColumn<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Makes the header a sort button; the value the rows are ordered by. */
  sortValue?: (row: Row) => string | number | Date | null | undefined;
  align?: 'start' | 'end' | 'center';
  /** Marks the row's identifying cell as a row header (th scope="row"). */
  rowHeader?: boolean;
}

export interface TablePagination {
  /** 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
}

export interface TableProps<Row> {
  /** Names the table for screen readers; shown unless `hideCaption`. */
  caption: string;
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in a single row when there are no rows, with the next action (UI.md). */
  empty: { message: ReactNode; action?: ReactNode };
  /** Starting order when the table sorts by itself. */
  defaultSort?: TableSort;
  /**
   * Controlled order: the caller sorts the rows (e.g. on the server) and the table only draws
   * the headers' state and reports clicks through `onSortChange`.
   */
  sort?: TableSort;
  onSortChange?: (sort: TableSort) => void;
  pagination?: TablePagination;
  className?: string;
}

/** A data table with a caption, sortable header buttons (aria-sort), an empty row and paging. */
export function Table<Row>({
  caption,
  hideCaption = false,
  columns,
  rows,
  rowKey,
  empty,
  defaultSort,
  sort: controlledSort,
  onSortChange,
  pagination,
  className,
}: TableProps<Row>) {
  const [ownSort, setOwnSort] = useState<TableSort | undefined>(defaultSort);
  const sort = controlledSort ?? ownSort;
  const shownRows = controlledSort ? rows : sortRows(rows, columns, ownSort);

  const toggleSort = (key: string) => {
    const direction: SortDirection =
      sort?.key === key && sort.direction === 'ascending' ? 'descending' : 'ascending';
    const next = { key, direction };
    if (!controlledSort) setOwnSort(next);
    onSortChange?.(next);
  };

  return (
    <div className={className}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable). */}
      <section className={styles.scroller} aria-label={caption} tabIndex={0}>
        <table className={styles.table}>
          <caption className={hideCaption ? visuallyHiddenClassName : styles.caption}>
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort?.key === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={[styles.th, alignClass(column.align), sorted ? styles.sorted : null]
                      .filter(Boolean)
                      .join(' ')}
                    aria-sort={column.sortValue ? (sorted ? sort.direction : 'none') : undefined}
                  >
                    {column.sortValue ? (
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => toggleSort(column.key)}
                      >
                        {column.header}
                        <SortIcon direction={sorted ? sort.direction : null} />
                      </button>
                    ) : (
                      column.header
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {shownRows.length === 0 ? (
              <tr>
                <td className={styles.emptyCell} colSpan={columns.length}>
                  <div className={styles.empty}>
                    <p>{empty.message}</p>
                    {empty.action}
                  </div>
                </td>
              </tr>
            ) : (
              shownRows.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) => {
                    const className = [styles.td, alignClass(column.align)]
                      .filter(Boolean)
                      .join(' ');
                    return column.rowHeader ? (
                      <th key={column.key} scope="row" className={className}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.key} className={className}>
                        {column.cell(row)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {pagination && pagination.pageCount > 1 ? <Pager {...pagination} /> : null}
    </div>
  );
}

function Pager({ page, pageCount, onPageChange }: TablePagination) {
  return (
    <nav className={styles.pagination} aria-label="Pagination">
      <p aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <div className={styles.pages}>
        <Button
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

function SortIcon({ direction }: { direction: SortDirection | null }) {
  const path =
    direction === 'ascending'
      ? 'M4 10l4-4 4 4'
      : direction === 'descending'
        ? 'M4 6l4 4 4-4'
        : 'M5 6.5l3-3 3 3M5 9.5l3 3 3-3';
  return (
    <svg
      className={styles.sortIcon}
      width="16"
      height="16"
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={path}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function alignClass(align: TableColumn<unknown>['align']): string | null {
  if (align === 'end') return styles.end ?? null;
  if (align === 'center') return styles.center ?? null;
  return null;
}

/** Orders rows by a column's sortValue; nulls last either way, strings by locale. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly TableColumn<Row>[],
  sort: TableSort | undefined,
): readonly Row[] {
  if (!sort) return rows;
  const column = columns.find((candidate) => candidate.key === sort.key);
  const value = column?.sortValue;
  if (!value) return rows;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = value(a);
    const right = value(b);
    if (left == null || right == null) return left == null ? (right == null ? 0 : 1) : -1;
    const l = left instanceof Date ? left.getTime() : left;
    const r = right instanceof Date ? right.getTime() : right;
    if (typeof l === 'string' && typeof r === 'string') {
      return sign * l.localeCompare(r, undefined, { numeric: true, sensitivity: 'base' });
    }
    return sign * (l < r ? -1 : l > r ? 1 : 0);
  });
}
