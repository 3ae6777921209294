import type { OrderView } from '@shortlist/domain/contract';
import { listMyOrdersRoute } from '@shortlist/domain/contract';
import { useApiQuery } from '@shortlist/web-kit';

/**
 * GET /api/orders/history/{email}: every order of the customer, paid and unpaid, or only what
 * `select` keeps. Null (no e-mail in the session) loads nothing.
 */
export function useOrderHistory<Selected = OrderView[]>(
  email: string | null,
  select?: (orders: OrderView[]) => Selected,
) {
  return useApiQuery(
    listMyOrdersRoute,
    { params: { email: email ?? '' } },
    {
      enabled: email !== null,
      select: (answer) => (select ? select(answer.orders) : (answer.orders as Selected)),
    },
  );
}
