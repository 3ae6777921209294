import {
  changeRewardRuleRoute,
  createInfluencerRoute,
  deleteInfluencerRoute,
  deleteOrderAttachmentRoute,
  deleteSupportQueryRoute,
  getAdminDashboardRoute,
  getAdminOrderDetailRoute,
  getAdminRewardRulesRoute,
  getAuditTrailRoute,
  getSupportQueryRoute,
  listAdminInfluencerPayoutsRoute,
  listAdminInfluencerQueriesRoute,
  listAdminOrdersRoute,
  listAdminUserOrdersRoute,
  listInfluencersRoute,
  listSupportQueriesRoute,
  refundOrderRoute,
  replyInfluencerQueryRoute,
  replySupportQueryRoute,
  saveOrderSuggestionsRoute,
  setOrderStatusRoute,
  updateInfluencerPasswordRoute,
  updateInfluencerPayoutRoute,
  uploadOrderAttachmentRoute,
} from '@shortlist/domain/contract';
import { staleAfter } from '@shortlist/web-kit';

/**
 * What an order command changes: the list, the drawer's details and History, a user's orders,
 * and the navigation's counts of what waits (an order worked on leaves "beyond 48 h").
 */
const ORDER_READS = [
  listAdminOrdersRoute,
  getAdminOrderDetailRoute,
  getAuditTrailRoute,
  listAdminUserOrdersRoute,
  getAdminDashboardRoute,
];

/** A support query answered or deleted leaves the list and the "open queries" count. */
const SUPPORT_QUERY_READS = [listSupportQueriesRoute, getSupportQueryRoute, getAdminDashboardRoute];

/**
 * What each admin command changes on screen, the sidebar's counts included: the counts are read
 * with a long staleTime, so only this table keeps them true after the admin's own actions.
 */
export const adminStaleAfter = staleAfter([
  [setOrderStatusRoute, ORDER_READS],
  [uploadOrderAttachmentRoute, ORDER_READS],
  [deleteOrderAttachmentRoute, ORDER_READS],
  [saveOrderSuggestionsRoute, ORDER_READS],
  [refundOrderRoute, ORDER_READS],
  [replySupportQueryRoute, SUPPORT_QUERY_READS],
  [deleteSupportQueryRoute, SUPPORT_QUERY_READS],
  [createInfluencerRoute, [listInfluencersRoute]],
  [updateInfluencerPasswordRoute, [listInfluencersRoute]],
  // An influencer removed takes their queries and payout requests out of the lists and counts.
  [
    deleteInfluencerRoute,
    [
      listInfluencersRoute,
      listAdminInfluencerQueriesRoute,
      listAdminInfluencerPayoutsRoute,
      getAdminDashboardRoute,
    ],
  ],
  [replyInfluencerQueryRoute, [listAdminInfluencerQueriesRoute, getAdminDashboardRoute]],
  [updateInfluencerPayoutRoute, [listAdminInfluencerPayoutsRoute, getAdminDashboardRoute]],
  [changeRewardRuleRoute, [getAdminRewardRulesRoute]],
]);
