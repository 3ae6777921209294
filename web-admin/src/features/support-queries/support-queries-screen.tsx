import {
  deleteSupportQueryRoute,
  listSupportQueriesRoute,
  type SupportQuery,
} from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type DataColumn,
  DataTable,
  DataTableToolbar,
  errorMessage,
  useApiMutation,
  useApiQuery,
  useTableUrlState,
  useToast,
} from '@shortlist/web-kit';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import {
  ListHeading,
  ListSearch,
  loadStates,
  PAGE_SIZE,
  pagingOf,
  RowActions,
} from '../../shared/admin-list';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import { ReplyDrawer } from './reply-drawer';
import styles from './support-queries-screen.module.css';

const copy = messages.supportQueries;
const NEWEST_FIRST = { id: 'createdAt', desc: true };

/** SPEC §2 Queries: a searchable table with Reply and Delete; the reply drawer holds history. */
export function SupportQueriesScreen() {
  const view = useTableUrlState({ defaults: { sort: NEWEST_FIRST } });
  const toast = useToast();
  const [replying, setReplying] = useState<SupportQuery | null>(null);
  const [deleting, setDeleting] = useState<SupportQuery | null>(null);
  const sort = view.sort?.desc === false ? 'createdAt' : '-createdAt';
  const list = useApiQuery(
    listSupportQueriesRoute,
    { query: { q: view.q || undefined, page: view.page, limit: PAGE_SIZE, sort } },
    { placeholderData: keepPreviousData },
  );
  const remove = useApiMutation(deleteSupportQueryRoute);
  const who = (query: SupportQuery) => query.email ?? copy.erased;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync({ params: { id: deleting.id } });
      toast.show(answer.message || messages.common.deleted, { tone: 'success' });
      setDeleting(null);
    } catch (failure) {
      toast.show(errorMessage(failure, messages.common.deleteFailed), { tone: 'danger' });
    }
  };

  const columns: DataColumn<SupportQuery>[] = [
    {
      id: 'createdAt',
      header: copy.received,
      cell: (query) => formatDateTime(query.createdAt),
      sortable: true,
      nowrap: true,
    },
    { id: 'email', header: copy.email, cell: (query) => query.email ?? <em>{copy.erased}</em> },
    {
      id: 'message',
      header: copy.message,
      cell: (query) => <span className={styles.message}>{query.message ?? copy.erased}</span>,
    },
    {
      id: 'status',
      header: copy.status,
      cell: (query) => (
        <Chip tone={query.status === 'open' ? 'warning' : 'success'}>
          {query.status === 'open' ? copy.open : copy.closed}
        </Chip>
      ),
    },
    {
      id: 'actions',
      header: messages.common.actions,
      nowrap: true,
      cell: (query) => (
        <RowActions>
          <Button
            size="sm"
            aria-label={copy.replyTo(who(query))}
            onClick={() => setReplying(query)}
          >
            {copy.reply}
          </Button>
          <Button
            size="sm"
            variant="danger-quiet"
            aria-label={copy.deleteQuery(who(query))}
            onClick={() => setDeleting(query)}
          >
            {messages.common.delete}
          </Button>
        </RowActions>
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
        getRowId={(query) => query.id}
        {...loadStates(list, copy.loadFailed)}
        empty={{ title: copy.empty }}
        sort={view.sort}
        onSortChange={view.setSort}
        paging={pagingOf(view, list.data?.total)}
      />
      <ReplyDrawer queryId={replying?.id ?? null} onClose={() => setReplying(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={copy.confirmDeleteTitle}
        confirmLabel={messages.common.delete}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>{deleting ? copy.confirmDelete(who(deleting)) : null}</p>
      </ConfirmDialog>
    </>
  );
}
