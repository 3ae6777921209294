import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Table, type TableColumn } from './table';

interface Row {
  id: string;
  name: string;
  orders: number;
}

const columns: TableColumn<Row>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (row) => row.name,
    sortValue: (row) => row.name,
    rowHeader: true,
  },
  {
    key: 'orders',
    header: 'Orders',
    cell: (row) => row.orders,
    sortValue: (row) => row.orders,
    align: 'end',
  },
  { key: 'actions', header: 'Actions', cell: () => <button type="button">Delete</button> },
];

const rows: Row[] = [
  { id: '1', name: 'Meera', orders: 3 },
  { id: '2', name: 'Arjun', orders: 12 },
  { id: '3', name: 'Zoya', orders: 1 },
];

const names = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

describe('Table', () => {
  it('has a caption and sorts by a header button, announcing the order with aria-sort', async () => {
    render(
      <Table
        caption="Influencers"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={{ message: 'None' }}
      />,
    );

    expect(screen.getByRole('table', { name: 'Influencers' })).toBeVisible();
    const nameHeader = screen.getByRole('columnheader', { name: 'Name' });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Meera', 'Arjun', 'Zoya']);

    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Arjun', 'Meera', 'Zoya']);

    await userEvent.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Zoya', 'Meera', 'Arjun']);

    const ordersHeader = screen.getByRole('columnheader', { name: 'Orders' });
    await userEvent.click(within(ordersHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Zoya', 'Meera', 'Arjun']);
  });

  it('in controlled mode leaves the order to the caller and reports clicks', async () => {
    const onSortChange = vi.fn();
    render(
      <Table
        caption="Orders"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={{ message: 'None' }}
        sort={{ key: 'orders', direction: 'descending' }}
        onSortChange={onSortChange}
      />,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Name' }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'ascending' });
    expect(names()).toEqual(['Meera', 'Arjun', 'Zoya']);
  });

  it('shows one empty row with the message and the next action', () => {
    render(
      <Table
        caption="Orders"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        empty={{ message: 'No paid orders yet', action: <a href="/createresume">Create Resume</a> }}
      />,
    );

    const cell = screen.getByRole('cell');
    expect(cell).toHaveAttribute('colspan', '3');
    expect(within(cell).getByText('No paid orders yet')).toBeVisible();
    expect(within(cell).getByRole('link', { name: 'Create Resume' })).toBeVisible();
  });

  it('pages with Previous and Next', async () => {
    const onPageChange = vi.fn();
    render(
      <Table
        caption="Users"
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        empty={{ message: 'None' }}
        pagination={{ page: 1, pageCount: 3, onPageChange }}
      />,
    );

    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });
});
