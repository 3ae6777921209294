import {
  type DataTablePaging,
  type DataTableProps,
  DataTableSearch,
  PageHeader,
} from '@shortlist/web-kit';
import type { ReactNode } from 'react';
import styles from './admin-list.module.css';
import { messages } from './messages';

// What every admin list screen (orders, users, support queries, influencers, influencer queries,
// payouts) wires the same way around the kit's DataTable.

/** Rows per page on the lists the server pages. */
export const PAGE_SIZE = 50;

/** The top of an admin list: the tab's title and the page heading. */
export function ListHeading({ heading, description }: { heading: string; description?: string }) {
  return (
    <>
      <title>{messages.title(heading)}</title>
      <PageHeader title={heading} description={description} />
    </>
  );
}

interface ListQuery {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

type LoadStates = Pick<
  DataTableProps<unknown>,
  'loading' | 'refreshing' | 'error' | 'onRetry' | 'labels'
>;

/**
 * A DataTable's load states from the list's query: skeleton rows on the first load, the old rows
 * while a new page or search loads, and the SPEC §8 failure with Retry.
 */
export function loadStates(list: ListQuery, loadFailed: string): LoadStates {
  return {
    loading: list.isPending,
    refreshing: list.isFetching && !list.isPending,
    error: list.isError ? loadFailed : null,
    onRetry: () => void list.refetch(),
    labels: { retry: messages.common.retry },
  };
}

/** Server paging: the page from the URL, the total from the answer. */
export function pagingOf(
  view: { page: number; setPage: (page: number) => void },
  total: number | undefined,
): DataTablePaging {
  return { page: view.page, pageSize: PAGE_SIZE, total: total ?? 0, onPageChange: view.setPage };
}

/** The list's search box; its text lives in the URL (`?q=`). */
export function ListSearch({
  view,
  label,
  hint,
}: {
  view: { q: string; setQ: (q: string) => void };
  label: string;
  hint: string;
}) {
  return <DataTableSearch label={label} placeholder={hint} value={view.q} onSearch={view.setQ} />;
}

/** The buttons in a row's Actions cell. */
export function RowActions({ children }: { children: ReactNode }) {
  return <span className={styles.rowActions}>{children}</span>;
}
