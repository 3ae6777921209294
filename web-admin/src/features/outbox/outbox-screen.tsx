import { listOutboxMessagesRoute, type OutboxMessage } from '@shortlist/domain/contract';
import {
  type DataColumn,
  DataTable,
  DataTableToolbar,
  useApiQuery,
  useTableUrlState,
} from '@shortlist/web-kit';
import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ListHeading, ListSearch, loadStates, PAGE_SIZE, pagingOf } from '../../shared/admin-list';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import { MailDrawer } from './mail-drawer';
import styles from './outbox.module.css';

const copy = messages.outbox;

/**
 * The local outbox (embedded mode, no SMTP server): every mail the server wrote instead of
 * sending, newest first, searchable by recipient; a mail opens in a drawer (`?mail=` in the
 * URL, so a reply's Preview link lands on it).
 */
export function OutboxScreen() {
  const view = useTableUrlState();
  const [params, setParams] = useSearchParams();
  const openId = params.get('mail');
  const list = useApiQuery(
    listOutboxMessagesRoute,
    { query: { q: view.q || undefined, page: view.page, limit: PAGE_SIZE } },
    { placeholderData: keepPreviousData },
  );

  const setOpen = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id === null) next.delete('mail');
      else next.set('mail', id);
      return next;
    });

  // Two columns, the subject opening the mail: the list fits a phone without scrolling sideways.
  const columns: DataColumn<OutboxMessage>[] = [
    {
      id: 'mail',
      header: copy.mail,
      cell: (mail) => (
        <span className={styles.cell}>
          <button
            type="button"
            className={styles.subject}
            aria-label={copy.openMail(mail.subject, mail.to)}
            onClick={() => setOpen(mail.id)}
          >
            {mail.subject}
          </button>
          <span className={styles.recipient}>{copy.toWhom(mail.to)}</span>
        </span>
      ),
    },
    {
      id: 'sentAt',
      header: copy.sentAt,
      cell: (mail) => formatDateTime(mail.sentAt),
      nowrap: true,
    },
  ];

  return (
    <>
      <ListHeading heading={copy.heading} description={copy.description} />
      <DataTableToolbar>
        <ListSearch view={view} label={copy.search} hint={copy.searchHint} />
      </DataTableToolbar>
      <DataTable
        label={copy.heading}
        columns={columns}
        rows={list.data?.items}
        getRowId={(mail) => mail.id}
        {...loadStates(list, copy.loadFailed)}
        empty={{ title: view.q ? copy.noMatch : copy.empty }}
        paging={pagingOf(view, list.data?.total)}
      />
      <MailDrawer mailId={openId} onClose={() => setOpen(null)} />
    </>
  );
}
