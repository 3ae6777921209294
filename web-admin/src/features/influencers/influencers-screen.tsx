import {
  deleteInfluencerRoute,
  type InfluencerView,
  listInfluencersRoute,
} from '@shortlist/domain/contract';
import {
  Button,
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
import { ListHeading, ListSearch, loadStates, RowActions } from '../../shared/admin-list';
import { ConfirmDialog } from '../../shared/confirm-dialog';
import { copyText } from '../../shared/copy-text';
import { formatMoney } from '../../shared/format';
import { messages } from '../../shared/messages';
import { CreateInfluencerForm } from './create-influencer-form';
import styles from './influencers-screen.module.css';
import { PasswordDialog } from './password-dialog';

const copy = messages.influencers;

/**
 * SPEC §2 Influencers: search, the create form, and the table with users referred, orders,
 * balance, referral link (copy), Update Password and Delete. Passwords are never listed: the
 * server answers one only when it is set, and this screen shows it once.
 */
export function InfluencersScreen() {
  const view = useTableUrlState();
  const toast = useToast();
  const [passwordFor, setPasswordFor] = useState<InfluencerView | null>(null);
  const [deleting, setDeleting] = useState<InfluencerView | null>(null);
  const list = useApiQuery(
    listInfluencersRoute,
    { query: { q: view.q || undefined } },
    { placeholderData: keepPreviousData },
  );
  const remove = useApiMutation(deleteInfluencerRoute);
  const nameOf = (influencer: InfluencerView) => influencer.name ?? influencer.referralCode;

  const copyLink = async (influencer: InfluencerView) => {
    const copied = await copyText(influencer.referralLink);
    toast.show(copied ? copy.linkCopied : messages.common.copyFailed, {
      tone: copied ? 'success' : 'danger',
    });
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      const answer = await remove.mutateAsync({ params: { id: deleting._id } });
      toast.show(answer.message || copy.deleted, { tone: 'success' });
      setDeleting(null);
    } catch (failure) {
      toast.show(errorMessage(failure, copy.deleteFailed), { tone: 'danger' });
    }
  };

  const columns: DataColumn<InfluencerView>[] = [
    {
      id: 'name',
      header: copy.name,
      cell: (row) => (
        <span className={styles.who}>
          <span className={styles.name}>{nameOf(row)}</span>
          <span className={styles.email}>{row.email ?? ''}</span>
        </span>
      ),
      sortable: true,
      sortValue: (row) => nameOf(row).toLowerCase(),
    },
    {
      id: 'usersReferred',
      header: copy.usersReferred,
      cell: (row) => row.stats.usersReferred,
      align: 'end',
      sortable: true,
      sortValue: (row) => row.stats.usersReferred,
    },
    {
      id: 'orders',
      header: copy.orders,
      cell: (row) => row.stats.orders,
      align: 'end',
      sortable: true,
      sortValue: (row) => row.stats.orders,
    },
    {
      id: 'balance',
      header: copy.balance,
      cell: (row) => formatMoney(row.stats.balance, 'INR'),
      align: 'end',
      nowrap: true,
      sortable: true,
      sortValue: (row) => row.stats.balance,
    },
    {
      id: 'link',
      header: copy.link,
      cell: (row) => (
        <span className={styles.link}>
          <code className={styles.code}>{row.referralLink}</code>
          <Button
            size="sm"
            variant="ghost"
            aria-label={copy.copyLink(nameOf(row))}
            onClick={() => void copyLink(row)}
          >
            {messages.common.copy}
          </Button>
        </span>
      ),
    },
    {
      id: 'actions',
      header: messages.common.actions,
      nowrap: true,
      cell: (row) => (
        <RowActions>
          <Button
            size="sm"
            variant="secondary"
            aria-label={copy.updatePasswordOf(nameOf(row))}
            onClick={() => setPasswordFor(row)}
          >
            {copy.updatePassword}
          </Button>
          <Button
            size="sm"
            variant="danger-quiet"
            aria-label={copy.deleteOf(nameOf(row))}
            onClick={() => setDeleting(row)}
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
      <CreateInfluencerForm />
      <DataTableToolbar>
        <ListSearch view={view} label={copy.search} hint={copy.searchHint} />
      </DataTableToolbar>
      <DataTable
        label={copy.heading}
        columns={columns}
        rows={list.data?.items}
        getRowId={(row) => row._id}
        {...loadStates(list, copy.loadFailed)}
        empty={{ title: copy.empty }}
        sortMode="client"
        sort={view.sort}
        onSortChange={view.setSort}
      />
      <PasswordDialog
        influencer={passwordFor}
        name={passwordFor ? nameOf(passwordFor) : ''}
        onClose={() => setPasswordFor(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={copy.confirmDeleteTitle}
        confirmLabel={messages.common.delete}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>
          {deleting
            ? copy.confirmDelete(nameOf(deleting), formatMoney(deleting.stats.balance, 'INR'))
            : null}
        </p>
      </ConfirmDialog>
    </>
  );
}
