import { type AdminUser, listAdminUsersRoute } from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type DataColumn,
  DataTable,
  DataTableToolbar,
  useApiQuery,
  useTableUrlState,
} from '@shortlist/web-kit';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ListHeading, ListSearch, loadStates, PAGE_SIZE, pagingOf } from '../../shared/admin-list';
import { formatDateTime, shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import { UserOrdersDrawer } from './user-orders-drawer';

const copy = messages.users;

/** SPEC §2 Users: a searchable table of id, name, email, role chip, created; orders on click. */
export function UsersScreen() {
  const view = useTableUrlState();
  const [opened, setOpened] = useState<AdminUser | null>(null);
  const list = useApiQuery(
    listAdminUsersRoute,
    { query: { q: view.q || undefined, page: view.page, limit: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
  const nameOf = (user: AdminUser) => user.name ?? user.email ?? copy.noName;

  const columns: DataColumn<AdminUser>[] = [
    { id: 'id', header: copy.id, cell: (user) => <code>{shortId(user.id)}</code>, nowrap: true },
    { id: 'name', header: copy.name, cell: (user) => user.name ?? <em>{copy.erased}</em> },
    { id: 'email', header: copy.email, cell: (user) => user.email ?? <em>{copy.erased}</em> },
    {
      id: 'role',
      header: copy.role,
      cell: (user) => (
        <Chip tone={user.role === 'admin' ? 'accent' : 'neutral'}>
          {user.role === 'admin' ? 'Admin' : 'User'}
        </Chip>
      ),
    },
    {
      id: 'createdAt',
      header: messages.common.created,
      cell: (user) => formatDateTime(user.createdAt),
      nowrap: true,
    },
    {
      id: 'actions',
      header: messages.common.actions,
      cell: (user) => (
        <Button
          variant="secondary"
          size="sm"
          aria-label={copy.viewOrders(nameOf(user))}
          onClick={() => setOpened(user)}
        >
          {copy.orders}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListHeading heading={copy.heading} />
      <DataTableToolbar>
        <ListSearch view={view} label={copy.search} hint={copy.searchHint} />
      </DataTableToolbar>
      <DataTable
        label={copy.heading}
        columns={columns}
        rows={list.data?.items}
        getRowId={(user) => user.id}
        {...loadStates(list, copy.loadFailed)}
        empty={{ title: copy.empty, message: view.q ? copy.emptySearch(view.q) : undefined }}
        paging={pagingOf(view, list.data?.total)}
        onRowOpen={setOpened}
        rowLabel={(user) => copy.viewOrders(nameOf(user))}
      />
      <UserOrdersDrawer
        user={opened}
        name={opened ? nameOf(opened) : ''}
        onClose={() => setOpened(null)}
      />
    </>
  );
}
