import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** One sorted column: `sort=createdAt` is ascending, `sort=-createdAt` descending. */
export interface DataTableSort {
  id: string;
  desc: boolean;
}

export interface TableUrlDefaults<Filter extends string> {
  /** The order the server answers without a sort parameter; never written to the URL. */
  sort?: DataTableSort | null;
  /** Each filter the view has and its value when absent from the URL ('' for "All"). */
  filters?: Record<Filter, string>;
}

export interface TableUrlState<Filter extends string> {
  /** The search text as the URL holds it ('' for none). */
  q: string;
  /** 1-based. */
  page: number;
  sort: DataTableSort | null;
  filters: Record<Filter, string>;
  /** A new search starts again on page 1. */
  setQ: (q: string) => void;
  setPage: (page: number) => void;
  setSort: (sort: DataTableSort | null) => void;
  /** A new filter value starts again on page 1. */
  setFilter: (name: Filter, value: string) => void;
}

export function formatSort(sort: DataTableSort): string {
  return `${sort.desc ? '-' : ''}${sort.id}`;
}

export function parseSort(value: string | null): DataTableSort | null {
  if (!value) return null;
  const desc = value.startsWith('-');
  const id = desc ? value.slice(1) : value;
  return /^[A-Za-z0-9_.]{1,60}$/.test(id) ? { id, desc } : null;
}

const sameSort = (a: DataTableSort | null | undefined, b: DataTableSort | null | undefined) =>
  (a ?? null) === (b ?? null) || (!!a && !!b && a.id === b.id && a.desc === b.desc);

/**
 * A list view's search, filters, page and sort, kept in the URL's search params so a reload or
 * a shared link shows the same view. Values equal to their defaults are left out of the URL.
 * Typing a search replaces the history entry; a page, sort or filter change adds one (Back
 * undoes it).
 */
export function useTableUrlState<Filter extends string = never>({
  defaults = {},
}: {
  defaults?: TableUrlDefaults<Filter>;
} = {}): TableUrlState<Filter> {
  const [params, setParams] = useSearchParams();
  const defaultFilters = defaults.filters;
  const defaultSort = defaults.sort ?? null;

  const q = params.get('q') ?? '';
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 1 ? rawPage : 1;
  const sort = params.has('sort') ? parseSort(params.get('sort')) : defaultSort;
  const filters = {} as Record<Filter, string>;
  for (const [name, fallback] of Object.entries(defaultFilters ?? {}) as [Filter, string][]) {
    filters[name] = params.get(name) ?? fallback;
  }

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  const setQ = useCallback(
    (value: string) =>
      update((next) => {
        const trimmed = value.trim();
        if (trimmed === '') next.delete('q');
        else next.set('q', trimmed);
        next.delete('page');
      }, true),
    [update],
  );

  const setPage = useCallback(
    (value: number) =>
      update((next) => {
        if (value <= 1) next.delete('page');
        else next.set('page', String(Math.floor(value)));
      }),
    [update],
  );

  const setSort = useCallback(
    (value: DataTableSort | null) =>
      update((next) => {
        if (sameSort(value, defaultSort)) next.delete('sort');
        else next.set('sort', value ? formatSort(value) : '');
        next.delete('page');
      }),
    [update, defaultSort],
  );

  const setFilter = useCallback(
    (name: Filter, value: string) =>
      update((next) => {
        const fallback = defaultFilters?.[name] ?? '';
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        next.delete('page');
      }),
    [update, defaultFilters],
  );

  return { q, page, sort, filters, setQ, setPage, setSort, setFilter };
}
