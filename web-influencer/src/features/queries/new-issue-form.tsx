import { DEFAULT_INFLUENCER_QUERY_SUBJECT } from '@shortlist/domain';
import { openInfluencerQueryRoute } from '@shortlist/domain/contract';
import { Button, errorMessage, TextArea, useApiMutation, useToast } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { messages } from '../../shared/messages';
import styles from './queries.module.css';

const copy = messages.queries;
const MESSAGE_MAX = 5000;

/** SPEC §2 Queries: the new-issue input, sent with the subject 'General Issue'. */
export function NewIssueForm({ influencerId }: { influencerId: string }) {
  const toast = useToast();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useApiMutation(openInfluencerQueryRoute);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: the issue needs non-empty text.
    if (message.trim() === '') {
      setError(copy.required);
      return;
    }
    setError(null);
    try {
      const answer = await send.mutateAsync({
        body: { influencerId, subject: DEFAULT_INFLUENCER_QUERY_SUBJECT, message: message.trim() },
      });
      setMessage('');
      toast.show(answer.message || copy.sent, { tone: 'success' });
    } catch (failure) {
      toast.show(errorMessage(failure, copy.sendFailed), { tone: 'danger' });
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="new-issue-heading">
      <h2 id="new-issue-heading" className={styles.sectionHeading}>
        {copy.formHeading}
      </h2>
      <TextArea
        label={copy.message}
        hint={copy.messageHint}
        name="message"
        required
        maxLength={MESSAGE_MAX}
        rows={4}
        error={error}
        value={message}
        onChange={(event) => {
          setMessage(event.target.value);
          if (error) setError(null);
        }}
      />
      <div>
        <Button type="submit" loading={send.isPending} loadingLabel={copy.submitting}>
          {copy.submit}
        </Button>
      </div>
    </form>
  );
}
