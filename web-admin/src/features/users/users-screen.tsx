import { type AdminUser, listAdminUsersRoute } from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type DataColumn,
  DataTable,
  DataTableSearch,
  DataTableToolbar,
  PageHeader,
  useApiQuery,
  useTableUrlState,
} from '@shortlist/web-kit';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime, shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import { UserOrdersDrawer } from './user-orders-drawer';

const copy = messages.users;
const PAGE_SIZE = 50;

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
      <title>{messages.title(copy.heading)}</title>
      <PageHeader title={copy.heading} />
      <DataTableToolbar>
        <DataTableSearch
          label={copy.search}
          placeholder={copy.searchHint}
          value={view.q}
          onSearch={view.setQ}
        />
      </DataTableToolbar>
      <DataTable
        label={copy.heading}
        columns={columns}
        rows={list.data?.items}
        getRowId={(user) => user.id}
        loading={list.isPending}
        refreshing={list.isFetching && !list.isPending}
        error={list.isError ? copy.loadFailed : null}
        onRetry={() => void list.refetch()}
        empty={{ title: copy.empty, message: view.q ? copy.emptySearch(view.q) : undefined }}
        paging={{
          page: view.page,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: view.setPage,
        }}
        onRowOpen={setOpened}
        rowLabel={(user) => copy.viewOrders(nameOf(user))}
        labels={{ retry: messages.common.retry }}
      />
      <UserOrdersDrawer
        user={opened}
        name={opened ? nameOf(opened) : ''}
        onClose={() => setOpened(null)}
      />
    </>
  );
}
