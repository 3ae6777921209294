import {
  changeOrderCurrencyRoute,
  deleteOrderRoute,
  getCustomerStatsRoute,
  getOrderReceiptRoute,
  getOrderRoute,
  getResumeDraftRoute,
  listMyOrdersRoute,
  openOrderDeliveryRoute,
  placeResumeOrderRoute,
  placeServiceOrderRoute,
  verifyPaymentRoute,
} from '@shortlist/domain/contract';
import { staleAfter } from '@shortlist/web-kit';

/**
 * What each of the customer's commands changes on screen: the Orders history and checkout list,
 * one order's page, the receipt, and the Profile's pending/completed counts. A payment is
 * refreshed once the order reads paid (checkout's usePayNow), not at the verify answer: the
 * order is marked paid by a policy a moment later, and an earlier read would cache it unpaid;
 * the order's own page takes the payment's last read of it instead of reading it again.
 */
export const customerStaleAfter = staleAfter([
  // The server drops the builder's draft with the order: a cached copy must not come back.
  [placeResumeOrderRoute, [listMyOrdersRoute, getCustomerStatsRoute, getResumeDraftRoute]],
  [placeServiceOrderRoute, [listMyOrdersRoute, getCustomerStatsRoute]],
  [changeOrderCurrencyRoute, [listMyOrdersRoute, getOrderRoute]],
  [openOrderDeliveryRoute, [listMyOrdersRoute, getOrderRoute]],
  [deleteOrderRoute, [listMyOrdersRoute, getOrderRoute, getCustomerStatsRoute]],
  [verifyPaymentRoute, [listMyOrdersRoute, getOrderReceiptRoute, getCustomerStatsRoute]],
]);
