import { getOutboxMailRoute, type OutboxMail } from '@shortlist/domain/contract';
import {
  Button,
  Drawer,
  ErrorState,
  errorMessage,
  Skeleton,
  useApiQuery,
} from '@shortlist/web-kit';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './outbox.module.css';

const copy = messages.outbox;

/** One outbox mail: its headers, then its HTML or its plain text. */
export function MailDrawer({ mailId, onClose }: { mailId: string | null; onClose: () => void }) {
  const mail = useApiQuery(
    getOutboxMailRoute,
    { params: { id: mailId ?? '' } },
    // A reset link inside stays only as long as the drawer shows it.
    { enabled: mailId !== null, gcTime: 0 },
  );
  return (
    <Drawer
      open={mailId !== null}
      onClose={onClose}
      title={copy.drawerTitle}
      width="wide"
      closeLabel={messages.common.close}
    >
      {mail.isPending ? (
        <Skeleton lines={8} height="1.25rem" />
      ) : mail.isError ? (
        <ErrorState
          message={errorMessage(mail.error, copy.openFailed)}
          onRetry={() => void mail.refetch()}
          retrying={mail.isFetching}
          retryLabel={messages.common.retry}
        />
      ) : (
        <MailView key={mail.data.item.id} item={mail.data.item} />
      )}
    </Drawer>
  );
}

function MailView({ item }: { item: OutboxMail }) {
  const [view, setView] = useState<'html' | 'text'>(item.html === null ? 'text' : 'html');
  return (
    <article className={styles.mail} aria-label={item.subject}>
      <dl className={styles.headers}>
        <dt>{copy.subject}</dt>
        <dd>{item.subject}</dd>
        <dt>{copy.from}</dt>
        <dd>{item.from}</dd>
        <dt>{copy.to}</dt>
        <dd>{item.to}</dd>
        <dt>{copy.sentAt}</dt>
        <dd>{formatDateTime(item.sentAt)}</dd>
      </dl>
      {/* biome-ignore lint/a11y/useSemanticElements: a pair of toggle buttons, not a form group. */}
      <div className={styles.views} role="group" aria-label={copy.view}>
        <Button
          size="sm"
          variant={view === 'html' ? 'primary' : 'secondary'}
          aria-pressed={view === 'html'}
          onClick={() => setView('html')}
        >
          {copy.html}
        </Button>
        <Button
          size="sm"
          variant={view === 'text' ? 'primary' : 'secondary'}
          aria-pressed={view === 'text'}
          onClick={() => setView('text')}
        >
          {copy.text}
        </Button>
      </div>
      {view === 'text' ? (
        <pre className={styles.text}>{item.text}</pre>
      ) : item.html === null ? (
        <p className={styles.note}>{copy.noHtml}</p>
      ) : (
        <>
          {/*
           * sandbox with no permissions: the mail's scripts, forms and links cannot run or reach
           * this app (a unique origin), and the page's policy, which the frame inherits, keeps
           * remote images (trackers) from loading.
           */}
          <iframe
            className={styles.frame}
            title={copy.htmlFrame(item.subject)}
            sandbox=""
            srcDoc={item.html}
          />
          <p className={styles.note}>{copy.sandboxed}</p>
        </>
      )}
    </article>
  );
}
