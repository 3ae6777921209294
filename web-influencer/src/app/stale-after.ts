import {
  getInfluencerDashboardRoute,
  getInfluencerStatementRoute,
  listInfluencerPayoutsRoute,
  listInfluencerQueriesRoute,
  openInfluencerQueryRoute,
  requestInfluencerPayoutRoute,
} from '@shortlist/domain/contract';
import { staleAfter } from '@shortlist/web-kit';

/**
 * What each of the influencer's commands changes on screen: a payout request holds the whole
 * balance, so the dashboard, the payouts list and the statement all move.
 */
export const influencerStaleAfter = staleAfter([
  [
    requestInfluencerPayoutRoute,
    [listInfluencerPayoutsRoute, getInfluencerDashboardRoute, getInfluencerStatementRoute],
  ],
  [openInfluencerQueryRoute, [listInfluencerQueriesRoute]],
]);
