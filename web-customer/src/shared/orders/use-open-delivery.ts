import type { OrderView } from '@shortlist/domain/contract';
import { openOrderDeliveryRoute } from '@shortlist/domain/contract';
import { useApiMutation } from '@shortlist/web-kit';

/**
 * Tells the server the customer opened what was delivered (a file, the suggestions), so the
 * "new delivery" marker goes everywhere it shows. Only while the marker is on: the server would
 * record nothing anyway, and the marker is no reason to stop the download if the call fails.
 */
export function useOpenDelivery(): (order: OrderView) => void {
  const mutation = useApiMutation(openOrderDeliveryRoute);
  return (order) => {
    if (order.newDelivery) mutation.mutate({ params: { id: order.id } });
  };
}
