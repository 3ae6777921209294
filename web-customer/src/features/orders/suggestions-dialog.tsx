import { getOrderSuggestionsRoute } from '@shortlist/domain/contract';
import {
  Button,
  Dialog,
  EmptyState,
  ErrorState,
  LoadingState,
  useApiQuery,
} from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
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
  // Read afresh each time the modal opens: an admin may have written them meanwhile.
  const suggestions = useApiQuery(
    getOrderSuggestionsRoute,
    { params: { id: orderId ?? '' } },
    {
      enabled: orderId !== null,
      staleTime: 0,
      select: ({ reviewSuggestions }) =>
        reviewSuggestions !== null && reviewSuggestions.trim() !== '' ? reviewSuggestions : null,
    },
  );
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
      {suggestions.isPending ? <LoadingState /> : null}
      {suggestions.isError ? (
        <ErrorState message={copy.suggestionsFailed} onRetry={() => void suggestions.refetch()} />
      ) : null}
      {suggestions.isSuccess && suggestions.data === null ? (
        <EmptyState title={copy.noSuggestions} headingLevel={3} />
      ) : null}
      {suggestions.isSuccess && suggestions.data !== null ? (
        <div className={styles.suggestions}>{suggestions.data}</div>
      ) : null}
    </Dialog>
  );
}
