import { getAdminDashboardRoute, getAdminStatsRoute } from '@shortlist/domain/contract';
import { ErrorState, PageHeader, Skeleton, useApiQuery } from '@shortlist/web-kit';
import { Link } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import styles from './dashboard-screen.module.css';

const copy = messages.dashboard;

interface Tile {
  label: string;
  value: number | undefined;
  to: string;
  /** Something late: drawn in the warning tone when above zero. */
  urgent?: boolean;
}

/** SPEC §2 Dashboard: users and resumes (limit 1, as the spec's web asks), and what waits first. */
export function DashboardScreen() {
  const waiting = useApiQuery(getAdminDashboardRoute, {});
  const stats = useApiQuery(getAdminStatsRoute, { query: { limit: '1' } });

  const waitingTiles: Tile[] = [
    {
      label: copy.overdue,
      value: waiting.data?.overdueOrders,
      to: `${paths.orders}?overdue=1`,
      urgent: true,
    },
    {
      label: copy.pending,
      value: waiting.data?.orders.pending,
      to: `${paths.orders}?status=pending`,
    },
    {
      label: copy.processing,
      value: waiting.data?.orders.processing,
      to: `${paths.orders}?status=processing`,
    },
    { label: copy.openQueries, value: waiting.data?.openQueries, to: paths.supportQueries },
    {
      label: copy.openInfluencerQueries,
      value: waiting.data?.openInfluencerQueries,
      to: `${paths.influencerQueries}?status=open`,
    },
    {
      label: copy.payoutsRequested,
      value: waiting.data?.payoutsRequested,
      to: `${paths.influencerPayouts}?status=requested`,
    },
  ];
  const totalTiles: Tile[] = [
    { label: copy.users, value: stats.data?.users, to: paths.users },
    { label: copy.resumes, value: stats.data?.resumes, to: paths.orders },
  ];

  const failed = waiting.isError || stats.isError;
  return (
    <>
      <title>{messages.title(copy.heading)}</title>
      <PageHeader title={copy.heading} description={copy.lead} />
      {failed ? (
        <ErrorState
          message={copy.loadFailed}
          retryLabel={messages.common.retry}
          retrying={waiting.isFetching || stats.isFetching}
          onRetry={() => {
            void waiting.refetch();
            void stats.refetch();
          }}
        />
      ) : (
        <>
          <TileGroup heading={copy.waiting} tiles={waitingTiles} />
          <TileGroup heading={copy.totals} tiles={totalTiles} />
        </>
      )}
    </>
  );
}

function TileGroup({ heading, tiles }: { heading: string; tiles: Tile[] }) {
  return (
    <section className={styles.group} aria-labelledby={`tiles-${heading}`}>
      <h2 id={`tiles-${heading}`} className={styles.groupHeading}>
        {heading}
      </h2>
      <ul className={styles.tiles}>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              to={tile.to}
              className={[styles.tile, tile.urgent && tile.value ? styles.urgent : null]
                .filter(Boolean)
                .join(' ')}
            >
              <span className={styles.value}>
                {tile.value === undefined ? <Skeleton width="3rem" height="2rem" /> : tile.value}
              </span>
              <span className={styles.label}>{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
