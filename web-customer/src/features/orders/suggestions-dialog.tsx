import { Button, Dialog, EmptyState, ErrorState, LoadingState } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/messages';
import { useSuggestions } from './get-suggestions';
import styles from './orders.module.css';

const copy = flowMessages.orders;

/** SPEC §2: the review suggestions of a resume_review order, in a modal. */
export function SuggestionsDialog({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose: () => void;
}) {
  const suggestions = useSuggestions(orderId);
  return (
    <Dialog
      open={orderId !== null}
      onClose={onClose}
      title={copy.suggestionsTitle}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {copy.close}
        </Button>
      }
    >
      {suggestions.status === 'loading' ? <LoadingState /> : null}
      {suggestions.status === 'error' ? (
        <ErrorState message={copy.suggestionsFailed} onRetry={suggestions.reload} />
      ) : null}
      {suggestions.status === 'ready' && suggestions.data === null ? (
        <EmptyState title={copy.noSuggestions} headingLevel={3} />
      ) : null}
      {suggestions.status === 'ready' && suggestions.data !== null ? (
        <div className={styles.suggestions}>{suggestions.data}</div>
      ) : null}
    </Dialog>
  );
}
