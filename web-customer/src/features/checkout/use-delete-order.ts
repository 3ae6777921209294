import { errorMessage, useToast } from '@shortlist/web-kit';
import { useState } from 'react';
import { flowMessages } from '../../shared/messages';
import { deleteOrder } from './delete-order';

const copy = flowMessages.checkout;

/** Asks first, then deletes and says so (SPEC §5, §8). */
export function useDeleteOrder(onDeleted: (orderId: string) => void) {
  const toast = useToast();
  const [asking, setAsking] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (asking === null) return;
    setBusy(true);
    try {
      const message = await deleteOrder(asking);
      toast.show(message ?? copy.deleted, { tone: 'success' });
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
