import { DEFAULT_REPLY_SUBJECT } from '@shortlist/domain';
import {
  getSupportQueryRoute,
  replySupportQueryRoute,
  type SupportQuery,
} from '@shortlist/domain/contract';
import {
  Button,
  Chip,
  Drawer,
  ErrorState,
  errorMessage,
  Field,
  Skeleton,
  TextArea,
  useApiMutation,
  useApiQuery,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import { outboxIdOf, outboxMailPath } from '../../shared/paths';
import replyStyles from '../../shared/reply-form.module.css';
import styles from './support-queries-screen.module.css';

const copy = messages.supportQueries;

/** The reply drawer: the query, subject and message, Send reply / Send & Close, the history. */
export function ReplyDrawer({ queryId, onClose }: { queryId: string | null; onClose: () => void }) {
  const query = useApiQuery(
    getSupportQueryRoute,
    { params: { id: queryId ?? '' } },
    { enabled: queryId !== null },
  );
  const [sending, setSending] = useState(false);

  return (
    <Drawer
      open={queryId !== null}
      onClose={onClose}
      title={copy.drawerTitle}
      width="wide"
      busy={sending}
      closeLabel={messages.common.close}
    >
      {query.isPending ? (
        <Skeleton lines={6} height="1.25rem" />
      ) : query.isError ? (
        <ErrorState
          message={errorMessage(query.error, copy.openFailed)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          retryLabel={messages.common.retry}
        />
      ) : (
        <ReplyForm
          key={query.data.item.id}
          item={query.data.item}
          onSending={setSending}
          onDone={onClose}
        />
      )}
    </Drawer>
  );
}

function ReplyForm({
  item,
  onSending,
  onDone,
}: {
  item: SupportQuery;
  onSending: (sending: boolean) => void;
  onDone: () => void;
}) {
  const toast = useToast();
  const [subject, setSubject] = useState(DEFAULT_REPLY_SUBJECT);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [closing, setClosing] = useState<boolean | null>(null);
  const reply = useApiMutation(replySupportQueryRoute);
  useEffect(() => onSending(reply.isPending), [reply.isPending, onSending]);

  const send = async (close: boolean) => {
    // SPEC §5: the reply needs a non-empty trimmed message; subject and body are trimmed.
    if (body.trim() === '') {
      setError(copy.replyRequired);
      return;
    }
    setError(null);
    setClosing(close);
    try {
      const answer = await reply.mutateAsync({
        params: { id: item.id },
        body: { subject: subject.trim(), body: body.trim(), close },
      });
      const delivered = answer.item.replies.at(-1)?.sendOk ?? true;
      toast.show(answer.message || copy.replySent, { tone: delivered ? 'success' : 'info' });
      setBody('');
      if (close) onDone();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.sendFailed), { tone: 'danger' });
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send(false);
  };

  return (
    <div className={styles.stack}>
      <div className={replyStyles.original}>
        <p className={styles.originalMeta}>
          {copy.from} {item.email ?? copy.erased} · {formatDateTime(item.createdAt)}
          {item.pid ? ` · ${copy.profileId} ${item.pid}` : ''}{' '}
          <Chip tone={item.status === 'open' ? 'warning' : 'success'}>
            {item.status === 'open' ? copy.open : copy.closed}
          </Chip>
        </p>
        <p>{item.message ?? copy.erased}</p>
      </div>
      <form className={replyStyles.form} noValidate onSubmit={submit}>
        <Field
          label={copy.subject}
          name="subject"
          value={subject}
          maxLength={300}
          onChange={(event) => setSubject(event.target.value)}
        />
        <TextArea
          label={copy.body}
          name="body"
          rows={6}
          required
          value={body}
          error={error}
          onChange={(event) => setBody(event.target.value)}
        />
        <div className={styles.buttons}>
          <Button
            type="submit"
            loading={reply.isPending && closing === false}
            loadingLabel={copy.sending}
            disabled={reply.isPending}
          >
            {copy.send}
          </Button>
          <Button
            variant="secondary"
            loading={reply.isPending && closing === true}
            loadingLabel={copy.sending}
            disabled={reply.isPending}
            onClick={() => void send(true)}
          >
            {copy.sendClose}
          </Button>
        </div>
      </form>
      <section aria-labelledby="reply-history">
        <h3 id="reply-history" className={styles.historyHeading}>
          {copy.history}
        </h3>
        {item.replies.length === 0 ? (
          <p>{copy.noReplies}</p>
        ) : (
          <ol className={styles.history}>
            {item.replies.map((entry) => (
              <li key={`${entry.at}-${entry.by}`} className={styles.reply}>
                <p className={styles.replyMeta}>
                  <span>{formatDateTime(entry.at)}</span>
                  <span>{entry.by}</span>
                  <Chip tone={entry.sendOk ? 'success' : 'danger'}>
                    {entry.sendOk ? copy.sent : copy.failed}
                  </Chip>
                  <ReplyPreviewLink previewUrl={entry.previewUrl} />
                </p>
                {entry.subject ? (
                  <p className={styles.replyBody}>
                    <strong>{entry.subject}</strong>
                  </p>
                ) : null}
                <p className={styles.replyBody}>{entry.body ?? copy.erased}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

/** The reply's copy in the outbox, opened on this app's Outbox screen with the admin's session. */
function ReplyPreviewLink({ previewUrl }: { previewUrl: string | null }) {
  const id = previewUrl === null ? null : outboxIdOf(previewUrl);
  if (id === null) return null;
  return <Link to={outboxMailPath(id)}>{copy.preview}</Link>;
}
