import {
  Chip,
  LinkButton,
  PageHeader,
  Skeleton,
  visuallyHiddenClassName,
} from '@shortlist/web-kit';
import { formatRupees } from '../../shared/format';
import { LoadErrorState } from '../../shared/load-error-state';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import { ReferredOrdersTable } from '../../shared/referred-orders-table';
import { useDashboard } from '../../shared/use-dashboard';
import styles from './dashboard.module.css';
import { ReferralChart } from './referral-chart';
import { ReferralFunnel } from './referral-funnel';
import { ReferralLinkCard } from './referral-link-card';

const copy = messages.dashboard;

/** SPEC §2 Dashboard: users referred, orders, balance and link, the chart, the orders list. */
export function DashboardScreen() {
  const dashboard = useDashboard();

  return (
    <div className={styles.page}>
      <title>{messages.title(copy.title)}</title>
      <PageHeader
        title={copy.heading}
        description={dashboard.data ? copy.welcome(dashboard.data.influencer.name) : undefined}
      />
      {dashboard.isPending ? (
        <div className={styles.loading}>
          <Skeleton height="9rem" />
          <Skeleton height="6rem" />
        </div>
      ) : dashboard.isError ? (
        <LoadErrorState
          error={dashboard.error}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : (
        <>
          <ReferralLinkCard link={dashboard.data.influencer.referralLink} />
          <section aria-labelledby="figures-heading">
            <h2 id="figures-heading" className={visuallyHiddenClassName}>
              {copy.figures}
            </h2>
            <dl className={styles.figures}>
              <Figure
                label={copy.usersReferred}
                value={String(dashboard.data.stats.usersReferred)}
              />
              <Figure label={copy.orders} value={String(dashboard.data.stats.orders)} />
              <Figure label={copy.balance} value={formatRupees(dashboard.data.stats.balance)} />
              <div className={styles.figure}>
                <dt>{copy.eligibility}</dt>
                <dd>
                  <Chip tone={dashboard.data.stats.eligible ? 'success' : 'neutral'}>
                    {dashboard.data.stats.eligible ? copy.eligible : copy.notEligible}
                  </Chip>
                </dd>
              </div>
            </dl>
          </section>
          <ReferralFunnel />
          <ReferralChart />
          <section className={styles.orders} aria-labelledby="dashboard-orders-heading">
            <div className={styles.sectionHead}>
              <h2 id="dashboard-orders-heading" className={styles.sectionHeading}>
                {copy.ordersHeading}
              </h2>
              <LinkButton to={paths.orders} variant="ghost" size="sm">
                {copy.allOrders}
              </LinkButton>
            </div>
            <ReferredOrdersTable
              orders={dashboard.data.orders.slice(0, 10)}
              loading={false}
              error={null}
              onRetry={() => void dashboard.refetch()}
              empty={{ title: messages.orders.empty, message: messages.orders.emptyHint }}
            />
          </section>
        </>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className={styles.figureValue}>{value}</dd>
    </div>
  );
}
