import { INFLUENCER_QUERY_STATUSES } from '@shortlist/domain';
import { type InfluencerQueryView, replyInfluencerQueryRoute } from '@shortlist/domain/contract';
import {
  Button,
  Dialog,
  errorMessage,
  Select,
  TextArea,
  useApiMutation,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import replyStyles from '../../shared/reply-form.module.css';
import styles from './influencer-queries.module.css';

const copy = messages.influencerQueries;
type Status = InfluencerQueryView['status'];

/** SPEC §4: an admin reply resolves the query unless another status is picked. */
export function InfluencerReplyDialog({
  query,
  name,
  onClose,
}: {
  query: InfluencerQueryView | null;
  name: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const [reply, setReply] = useState('');
  const [status, setStatus] = useState<Status>('resolved');
  const [error, setError] = useState<string | null>(null);
  const send = useApiMutation(replyInfluencerQueryRoute);

  const close = () => {
    setReply('');
    setStatus('resolved');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!query) return;
    if (reply.trim() === '') {
      setError(copy.replyRequired);
      return;
    }
    setError(null);
    try {
      const answer = await send.mutateAsync({
        params: { id: query._id },
        body: { reply: reply.trim(), status },
      });
      toast.show(answer.message || copy.sent, { tone: 'success' });
      close();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.failed), { tone: 'danger' });
    }
  };

  return (
    <Dialog
      open={query !== null}
      onClose={close}
      title={copy.replyTo(name)}
      busy={send.isPending}
      closeLabel={messages.common.close}
    >
      {query ? (
        <form className={replyStyles.form} noValidate onSubmit={(event) => void submit(event)}>
          <div className={replyStyles.original}>
            <p className={styles.subject}>{query.subject}</p>
            <p>{query.message}</p>
          </div>
          {query.replies.length > 0 ? (
            <section aria-label={copy.history}>
              <ol className={styles.history}>
                {query.replies.map((entry) => (
                  <li key={`${entry.at}-${entry.by}`}>
                    <span className={styles.meta}>
                      {formatDateTime(entry.at)} · {entry.by}
                    </span>
                    <p>{entry.body}</p>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
          <TextArea
            label={copy.replyLabel}
            name="reply"
            rows={5}
            value={reply}
            error={error}
            onChange={(event) => setReply(event.target.value)}
          />
          <Select
            label={copy.newStatus}
            value={status}
            onChange={(event) => setStatus(event.target.value as Status)}
            options={INFLUENCER_QUERY_STATUSES.map((value) => ({
              value,
              label: copy.statuses[value],
            }))}
          />
          <div>
            <Button type="submit" loading={send.isPending} loadingLabel={copy.sending}>
              {copy.send}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
