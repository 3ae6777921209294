import type { AdminSettableStatus } from '@shortlist/domain';
import { setOrderStatusRoute } from '@shortlist/domain/contract';
import { errorMessage, useApiMutation, useToast } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';

const copy = messages.orders;

/** Set Pending / Processing / Complete, with the answer's notice or 'Update failed'. */
export function useSetOrderStatus() {
  const toast = useToast();
  const mutation = useApiMutation(setOrderStatusRoute);
  const setStatus = async (orderId: string, status: AdminSettableStatus) => {
    try {
      const answer = await mutation.mutateAsync({ params: { id: orderId }, body: { status } });
      toast.show(answer.message || copy.statusUpdated, { tone: 'success' });
    } catch (failure) {
      toast.show(errorMessage(failure, copy.updateFailed), { tone: 'danger' });
    }
  };
  return {
    setStatus,
    /** The order and status being set now, to show that one button busy. */
    pending: mutation.isPending ? mutation.variables : undefined,
  };
}
