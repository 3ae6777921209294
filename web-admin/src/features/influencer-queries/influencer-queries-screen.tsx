import { INFLUENCER_QUERY_STATUSES } from '@shortlist/domain';
import {
  type InfluencerQueryView,
  listAdminInfluencerQueriesRoute,
} from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  type ChipTone,
  type DataColumn,
  DataTable,
  DataTableToolbar,
  Select,
  useApiQuery,
  useTableUrlState,
} from '@shortlist/web-kit';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { ListHeading, ListSearch, loadStates, PAGE_SIZE, pagingOf } from '../../shared/admin-list';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import { InfluencerReplyDialog } from './influencer-reply-dialog';

const copy = messages.influencerQueries;
const TONES: Record<InfluencerQueryView['status'], ChipTone> = {
  open: 'warning',
  in_progress: 'info',
  resolved: 'success',
};

export function InfluencerQueryStatus({ status }: { status: InfluencerQueryView['status'] }) {
  return <Chip tone={TONES[status]}>{copy.statuses[status]}</Chip>;
}

/** Influencer queries: searched, filtered by status and paged by the server, as every admin list. */
export function InfluencerQueriesScreen() {
  const view = useTableUrlState<'status'>({ defaults: { filters: { status: '' } } });
  const [replying, setReplying] = useState<InfluencerQueryView | null>(null);
  const status = INFLUENCER_QUERY_STATUSES.find((known) => known === view.filters.status);
  const list = useApiQuery(
    listAdminInfluencerQueriesRoute,
    { query: { q: view.q || undefined, status, page: view.page, limit: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );
  const nameOf = (item: InfluencerQueryView) => item.influencerId.name ?? item.influencerId._id;

  const columns: DataColumn<InfluencerQueryView>[] = [
    {
      id: 'createdAt',
      header: messages.common.created,
      cell: (item) => formatDateTime(item.createdAt),
      nowrap: true,
    },
    { id: 'influencer', header: copy.influencer, cell: nameOf },
    { id: 'subject', header: copy.subject, cell: (item) => item.subject },
    { id: 'message', header: copy.message, cell: (item) => item.message },
    {
      id: 'status',
      header: copy.status,
      cell: (item) => <InfluencerQueryStatus status={item.status} />,
      nowrap: true,
    },
    {
      id: 'actions',
      header: messages.common.actions,
      cell: (item) => (
        <Button size="sm" aria-label={copy.replyTo(nameOf(item))} onClick={() => setReplying(item)}>
          {copy.reply}
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListHeading heading={copy.heading} />
      <DataTableToolbar>
        <ListSearch view={view} label={copy.search} hint={copy.searchHint} />
        <Select
          label={copy.status}
          value={status ?? ''}
          onChange={(event) => view.setFilter('status', event.target.value)}
          options={[
            { value: '', label: messages.common.all },
            { value: 'open', label: copy.statuses.open },
            { value: 'in_progress', label: copy.statuses.in_progress },
            { value: 'resolved', label: copy.statuses.resolved },
          ]}
        />
      </DataTableToolbar>
      <DataTable
        label={copy.heading}
        columns={columns}
        rows={list.data?.items}
        getRowId={(item) => item._id}
        {...loadStates(list, copy.loadFailed)}
        empty={{ title: copy.empty }}
        paging={pagingOf(view, list.data?.total)}
      />
      <InfluencerReplyDialog
        query={replying}
        name={replying ? nameOf(replying) : ''}
        onClose={() => setReplying(null)}
      />
    </>
  );
}
