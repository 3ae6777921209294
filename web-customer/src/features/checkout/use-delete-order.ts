import { deleteOrderRoute } from '@shortlist/domain/contract';
import { errorMessage, useApiMutation, useToast } from '@shortlist/web-kit';
import { useState } from 'react';
import { flowMessages } from '../../shared/flow-messages';

const copy = flowMessages.checkout;

/** Asks first, then deletes and says so (SPEC §5, §8). */
export function useDeleteOrder(onDeleted: (orderId: string) => void = () => {}) {
  const toast = useToast();
  const removal = useApiMutation(deleteOrderRoute);
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (asking === null) return;
    setBusy(true);
    try {
      const { message } = await removal.mutateAsync({ params: { id: asking } });
      toast.show(message || copy.deleted, { tone: 'success' });
      const deleted = asking;
      setAsking(null);
      onDeleted(deleted);
    } catch (error) {
      toast.show(errorMessage(error, copy.deleteFailed), { tone: 'danger' });
      setAsking(null);
    } finally {
      setBusy(false);
    }
  };

  return {
    ask: (orderId: string) => setAsking(orderId),
    cancel: () => setAsking(null),
    confirm: () => {
      void confirm();
    },
    open: asking !== null,
    busy,
  };
}
