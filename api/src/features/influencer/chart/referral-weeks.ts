import type { StoredInfluencerLedgerEvent } from '@shortlist/domain';
import { REFERRAL_CHART_WEEKS, type ReferralWeek } from '@shortlist/domain/contract';
import type { LoadedEvent } from '../../../commands/aggregate';

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** Midnight UTC of the Monday on or before `time`. */
export function weekStartOf(time: number): number {
  const day = Math.floor(time / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return day - weekday * DAY_MS;
}

/**
 * Registrations (`ReferralRegistered`, at the registration's own time) and rewarded orders
 * (`ReferralRewardCredited`) per UTC week, the 12 weeks ending with the one holding `now`,
 * oldest first. A week with nothing is a zero, so the chart's x axis is always whole.
 */
export function referralWeeks(
  history: readonly LoadedEvent<StoredInfluencerLedgerEvent>[],
  now: Date,
): ReferralWeek[] {
  const first = weekStartOf(now.getTime()) - (REFERRAL_CHART_WEEKS - 1) * WEEK_MS;
  const weeks = Array.from({ length: REFERRAL_CHART_WEEKS }, (_, index) => ({
    weekStart: new Date(first + index * WEEK_MS).toISOString().slice(0, 10),
    registrations: 0,
    rewardedOrders: 0,
  }));
  for (const event of history) {
    if (event.type !== 'ReferralRegistered' && event.type !== 'ReferralRewardCredited') continue;
    const at = event.type === 'ReferralRegistered' ? event.data.at : event.metadata.at;
    const index = Math.floor((Date.parse(at) - first) / WEEK_MS);
    const week = weeks[index];
    if (week === undefined) continue;
    if (event.type === 'ReferralRegistered') week.registrations += 1;
    else week.rewardedOrders += 1;
  }
  return weeks;
}
