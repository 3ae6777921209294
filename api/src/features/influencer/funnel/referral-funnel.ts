import { type FunnelFigures, REFERRAL_CHART_WEEKS } from '@shortlist/domain/contract';
import type { Database } from '@shortlist/projections';
import { type Kysely, sql } from 'kysely';
import { weekStartOf } from '../chart/referral-weeks';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface Cell {
  week: string;
  campaign: string | null;
  n: number;
}

type Step = keyof FunnelFigures;

const ZERO: FunnelFigures = { clicks: 0, registrations: 0, firstPurchases: 0, commission: 0 };

/**
 * The funnel of one influencer's links over the 12 weeks ending with the one holding `now`: each
 * step counted from its own read-model rows (clicks, recorded referrals, the first paid order of
 * each referred user, rewards and commissions net of refunds) by UTC week (Monday) and campaign
 * tag. Each query is bounded by the influencer's index and the window; every value is bound.
 */
export async function referralFunnel(db: Kysely<Database>, influencerId: string, now: Date) {
  const first = weekStartOf(now.getTime()) - (REFERRAL_CHART_WEEKS - 1) * WEEK_MS;
  const from = new Date(first).toISOString();
  const week = (column: string) =>
    sql<string>`to_char(date_trunc('week', ${sql.ref(column)} at time zone 'UTC'), 'YYYY-MM-DD')`;

  const [clicks, registrations, purchases, rewards, commissions] = await Promise.all([
    sql<Cell>`
      select ${week('clicked_at')} as week, campaign, count(*)::int as n
      from referral_clicks
      where influencer_id = ${influencerId} and clicked_at >= ${from}
      group by 1, 2`.execute(db),
    sql<Cell>`
      select ${week('registered_at')} as week, campaign, count(*)::int as n
      from influencer_referrals
      where influencer_id = ${influencerId} and registered_at >= ${from}
      group by 1, 2`.execute(db),
    sql<Cell>`
      select ${week('first_paid')} as week, campaign, count(*)::int as n
      from (
        select r.campaign, min(o.paid_at) as first_paid
        from influencer_referrals r
        join influencer_referred_orders o
          on o.user_id = r.user_id and o.influencer_id = r.influencer_id
        where r.influencer_id = ${influencerId} and o.paid
        group by r.user_id, r.campaign
      ) f
      where first_paid >= ${from}
      group by 1, 2`.execute(db),
    sql<Cell>`
      select ${week('w.credited_at')} as week, r.campaign, sum(w.amount - w.clawed_back)::int as n
      from influencer_rewards w
      left join influencer_referrals r on r.user_id = w.user_id
      where w.influencer_id = ${influencerId} and w.credited_at >= ${from}
      group by 1, 2`.execute(db),
    sql<Cell>`
      select ${week('c.pending_at')} as week, r.campaign, sum(c.amount)::int as n
      from influencer_commissions c
      left join influencer_referrals r on r.user_id = c.user_id
      where c.influencer_id = ${influencerId} and c.pending_at >= ${from}
        and c.status in ('pending', 'earned')
      group by 1, 2`.execute(db),
  ]);

  const weeks = Array.from({ length: REFERRAL_CHART_WEEKS }, (_, index) => ({
    weekStart: new Date(first + index * WEEK_MS).toISOString().slice(0, 10),
    ...ZERO,
  }));
  const byWeek = new Map(weeks.map((row) => [row.weekStart, row]));
  const byCampaign = new Map<string | null, FunnelFigures & { campaign: string | null }>();
  const add = (step: Step, cells: readonly Cell[]) => {
    for (const cell of cells) {
      const weekRow = byWeek.get(cell.week);
      if (weekRow === undefined) continue;
      weekRow[step] += cell.n;
      const campaignRow = byCampaign.get(cell.campaign) ?? { campaign: cell.campaign, ...ZERO };
      campaignRow[step] += cell.n;
      byCampaign.set(cell.campaign, campaignRow);
    }
  };
  add('clicks', clicks.rows);
  add('registrations', registrations.rows);
  add('firstPurchases', purchases.rows);
  add('commission', rewards.rows);
  add('commission', commissions.rows);
  // Most clicks first; untagged links last among equals.
  const campaigns = [...byCampaign.values()].sort(
    (a, b) =>
      b.clicks - a.clicks ||
      b.registrations - a.registrations ||
      String(a.campaign ?? '~').localeCompare(String(b.campaign ?? '~')),
  );
  return { weeks, campaigns };
}
