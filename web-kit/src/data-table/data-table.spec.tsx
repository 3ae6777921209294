import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataTable } from './data-table';
import { DataTableSearch } from './data-table-search';
import { type TableUrlState, useTableUrlState } from './use-table-url-state';

interface Person {
  id: string;
  name: string;
  age: number;
}

const people: Person[] = [
  { id: 'p1', name: 'Asha', age: 31 },
  { id: 'p2', name: 'Ravi', age: 24 },
  { id: 'p3', name: 'Meera', age: 45 },
];

const columns = (onEdit = vi.fn()): DataColumn<Person>[] => [
  { id: 'name', header: 'Name', cell: (row) => row.name, sortable: true, sortValue: (r) => r.name },
  {
    id: 'age',
    header: 'Age',
    cell: (row) => row.age,
    align: 'end',
    sortable: true,
    sortValue: (r) => r.age,
  },
  {
    id: 'actions',
    header: 'Actions',
    cell: (row) => (
      <button type="button" onClick={() => onEdit(row)}>
        Edit {row.name}
      </button>
    ),
  },
];

const empty = { title: 'No people yet' };

function inRouter(element: React.ReactNode, path = '/people') {
  const router = createMemoryRouter([{ path: '/people', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('DataTable', () => {
  it('shows skeleton rows while the first answer is awaited', () => {
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={undefined}
        loading
        getRowId={(r) => r.id}
        empty={empty}
      />,
    );

    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('shows the empty state for an empty answer', () => {
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={[]}
        getRowId={(r) => r.id}
        empty={empty}
      />,
    );

    expect(screen.getByRole('heading', { name: 'No people yet' })).toBeVisible();
  });

  it('shows the error with a Retry that calls back', async () => {
    const onRetry = vi.fn();
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={undefined}
        error="Failed to load users"
        onRetry={onRetry}
        getRowId={(r) => r.id}
        empty={empty}
      />,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load users');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('marks the sorted column with aria-sort and asks for the other direction', async () => {
    const onSortChange = vi.fn();
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={people}
        getRowId={(r) => r.id}
        empty={empty}
        sort={{ id: 'age', desc: true }}
        onSortChange={onSortChange}
      />,
    );

    expect(screen.getByRole('columnheader', { name: /Age/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');

    await userEvent.click(screen.getByRole('button', { name: /Age/ }));
    expect(onSortChange).toHaveBeenLastCalledWith({ id: 'age', desc: false });
  });

  it('sorts in the browser in client mode', () => {
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={people}
        getRowId={(r) => r.id}
        empty={empty}
        sortMode="client"
        sort={{ id: 'age', desc: false }}
      />,
    );

    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual(['Ravi', 'Asha', 'Meera']);
  });

  it('names each row by its row-header cell', () => {
    const [name, ...rest] = columns();
    render(
      <DataTable
        label="People"
        columns={[{ ...(name as DataColumn<Person>), rowHeader: true }, ...rest]}
        rows={people}
        getRowId={(r) => r.id}
        empty={empty}
      />,
    );
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Asha',
      'Ravi',
      'Meera',
    ]);
    expect(screen.getByRole('row', { name: /^Meera/ })).toBeVisible();
  });

  it('reaches row actions by Tab and opens a focused row with Enter', async () => {
    const onEdit = vi.fn();
    const onRowOpen = vi.fn();
    render(
      <DataTable
        label="People"
        columns={columns(onEdit)}
        rows={people}
        getRowId={(r) => r.id}
        empty={empty}
        onRowOpen={onRowOpen}
        rowLabel={(row) => `Person ${row.name}`}
      />,
    );

    const row = screen.getByRole('row', { name: 'Person Asha' });
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(people[0]);

    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Edit Asha' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onEdit).toHaveBeenCalledWith(people[0]);
    expect(onRowOpen).toHaveBeenCalledTimes(1);
  });

  it('pages with Previous and Next and says which rows show', async () => {
    const onPageChange = vi.fn();
    render(
      <DataTable
        label="People"
        columns={columns()}
        rows={people}
        getRowId={(r) => r.id}
        empty={empty}
        paging={{ page: 2, pageSize: 50, total: 120, onPageChange }}
      />,
    );

    expect(screen.getByText('51–100 of 120')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });
});

describe('useTableUrlState', () => {
  let state: TableUrlState<'status'>;
  function Probe() {
    state = useTableUrlState({
      defaults: { sort: { id: 'createdAt', desc: true }, filters: { status: '' } },
    });
    return (
      <p>
        q={state.q} page={state.page} status={state.filters.status} sort=
        {state.sort?.desc ? '-' : ''}
        {state.sort?.id}
      </p>
    );
  }

  it('reads the view from the URL, so a shared link shows the same view', () => {
    inRouter(<Probe />, '/people?q=asha&page=3&status=processing&sort=name');

    expect(state).toMatchObject({
      q: 'asha',
      page: 3,
      filters: { status: 'processing' },
      sort: { id: 'name', desc: false },
    });
  });

  it('writes changes to the URL, leaving defaults out; a new search or filter goes to page 1', () => {
    const router = inRouter(<Probe />, '/people?page=4');

    act(() => state.setFilter('status', 'completed'));
    expect(router.state.location.search).toBe('?status=completed');

    act(() => state.setPage(2));
    act(() => state.setQ('  ravi '));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('ravi');
    expect(new URLSearchParams(router.state.location.search).has('page')).toBe(false);

    act(() => state.setSort({ id: 'createdAt', desc: false }));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('createdAt');
    act(() => state.setSort({ id: 'createdAt', desc: true }));
    expect(new URLSearchParams(router.state.location.search).has('sort')).toBe(false);

    act(() => state.setFilter('status', ''));
    act(() => state.setQ(''));
    expect(router.state.location.search).toBe('');
  });
});

describe('DataTableSearch', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the text once typing has paused for 300 ms', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<DataTableSearch label="Search users" value="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search users' });

    fireEvent.change(box, { target: { value: 'as' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(box, { target: { value: 'asha' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('asha');
  });

  it('shows a search the URL brings (Back, a dashboard link)', () => {
    const { rerender } = render(<DataTableSearch label="Search" value="" onSearch={vi.fn()} />);
    rerender(<DataTableSearch label="Search" value="meera" onSearch={vi.fn()} />);

    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('meera');
  });
});
