import { getCustomerStatsRoute } from '@shortlist/domain/contract';
import {
  Button,
  ErrorState,
  LinkButton,
  Skeleton,
  useApiQuery,
  useSession,
  useToast,
} from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import { paths } from '../../shared/paths';
import { initials } from './initials';
import styles from './profile.module.css';

const copy = flowMessages.profile;

/** SPEC §2 Profile: who is signed in, the Profile ID to quote, and the order counts. */
export function ProfileScreen() {
  const { user } = useSession();
  const toast = useToast();
  const stats = useApiQuery(getCustomerStatsRoute, {}, { enabled: user !== null });
  const name = user?.name ?? '';
  const email = user?.email ?? '';
  const profileId = user?.id ?? '';

  const copyId = async () => {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(profileId);
      toast.show(copy.copied, { tone: 'success' });
    } catch {
      toast.show(copy.copyFailed, { tone: 'danger' });
    }
  };

  return (
    <div className={styles.page}>
      <title>{copy.title}</title>
      <section className={styles.card} aria-labelledby="profile-heading">
        <span className={styles.avatar} aria-hidden="true">
          {initials(name, email)}
        </span>
        <div className={styles.identity}>
          <p className={styles.eyebrow}>{copy.heading}</p>
          <h1 id="profile-heading" className={styles.name}>
            {name || email}
          </h1>
          <dl className={styles.facts}>
            <div>
              <dt>{copy.email}</dt>
              <dd>{email}</dd>
            </div>
            <div>
              <dt>{copy.profileId}</dt>
              <dd className={styles.idRow}>
                <code className={styles.id}>{profileId}</code>
                <Button variant="secondary" size="sm" onClick={() => void copyId()}>
                  {copy.copyId}
                </Button>
              </dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <LinkButton to={paths.createResume}>{copy.createResume}</LinkButton>
            <LinkButton to={paths.orders} variant="secondary">
              {copy.viewOrders}
            </LinkButton>
          </div>
        </div>
      </section>
      <section className={styles.stats} aria-labelledby="stats-heading" aria-busy={stats.isPending}>
        <h2 id="stats-heading" className={styles.statsHeading}>
          {copy.statsHeading}
        </h2>
        {stats.status === 'error' ? (
          <ErrorState message={copy.statsFailed} onRetry={() => void stats.refetch()} />
        ) : (
          <dl className={styles.counts}>
            <div className={styles.count}>
              <dt>{copy.pending}</dt>
              <dd>
                {stats.isSuccess ? (
                  stats.data.orders.pending
                ) : (
                  <Skeleton width="3rem" height="2rem" />
                )}
              </dd>
            </div>
            <div className={styles.count}>
              <dt>{copy.completed}</dt>
              <dd>
                {stats.isSuccess ? (
                  stats.data.orders.completed
                ) : (
                  <Skeleton width="3rem" height="2rem" />
                )}
              </dd>
            </div>
          </dl>
        )}
      </section>
    </div>
  );
}
