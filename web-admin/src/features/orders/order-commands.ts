import type { AdminSettableStatus } from '@shortlist/domain';
import {
  getAdminDashboardRoute,
  getAdminOrderDetailRoute,
  getOrderHistoryRoute,
  listAdminOrdersRoute,
  setOrderStatusRoute,
} from '@shortlist/domain/contract';
import { errorMessage, useApiMutation, useToast } from '@shortlist/web-kit';
import { messages } from '../../shared/messages';

const copy = messages.orders;

/**
 * What an order command makes stale: the list, the drawer's details and History, and the
 * navigation's counts of what waits.
 */
export const ORDER_READS = [
  listAdminOrdersRoute,
  getAdminOrderDetailRoute,
  getOrderHistoryRoute,
  getAdminDashboardRoute,
] as const;

/** Set Pending / Processing / Complete, with the answer's notice or 'Update failed'. */
export function useSetOrderStatus() {
  const toast = useToast();
  const mutation = useApiMutation(setOrderStatusRoute, { invalidates: ORDER_READS });
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
