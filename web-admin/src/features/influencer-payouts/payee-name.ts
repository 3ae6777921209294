import type { AdminPayoutView } from '@shortlist/domain/contract';

/** Who asked for a payout, as the table and the dialogs name them. */
export const payeeNameOf = (payout: AdminPayoutView): string =>
  payout.influencerId.name ?? payout.influencerId.email ?? payout.influencerId._id;
