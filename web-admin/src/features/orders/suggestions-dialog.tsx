import { type OrderView, saveOrderSuggestionsRoute } from '@shortlist/domain/contract';
import {
  Button,
  Dialog,
  errorMessage,
  TextArea,
  useApiMutation,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useEffect, useState } from 'react';
import { messages } from '../../shared/messages';
import styles from './orders.module.css';

const copy = messages.orders;

/** Suggestions of a resume review (SPEC §2: resume_review only), opened on the saved text. */
export function SuggestionsDialog({
  order,
  onClose,
}: {
  order: OrderView | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const save = useApiMutation(saveOrderSuggestionsRoute);
  const saved = order?.reviewSuggestions ?? '';

  // Each opening starts from what the customer sees now.
  useEffect(() => {
    setText(saved);
    setError(null);
  }, [saved]);

  const close = () => {
    setError(null);
    save.reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (order === null) return;
    if (text.trim() === '') {
      setError(copy.suggestionsRequired);
      return;
    }
    setError(null);
    try {
      const answer = await save.mutateAsync({ params: { id: order.id }, body: { text } });
      toast.show(answer.message || copy.suggestionsSaved, { tone: 'success' });
      close();
    } catch (failure) {
      const message = errorMessage(failure, copy.saveFailed);
      setError(message);
      toast.show(message, { tone: 'danger' });
    }
  };

  return (
    <Dialog
      open={order !== null}
      onClose={close}
      title={copy.suggestionsTitle}
      size="lg"
      busy={save.isPending}
      closeLabel={messages.common.close}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.dialogForm}>
        <TextArea
          label={copy.suggestionsLabel}
          hint={copy.suggestionsHint}
          rows={12}
          value={text}
          error={error}
          disabled={save.isPending}
          onChange={(event) => setText(event.target.value)}
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} disabled={save.isPending}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending} loadingLabel={copy.saving}>
            {copy.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
