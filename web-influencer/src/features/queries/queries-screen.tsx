import type { InfluencerQueryView } from '@shortlist/domain/contract';
import { listInfluencerQueriesRoute } from '@shortlist/domain/contract';
import {
  Chip,
  type ChipTone,
  EmptyState,
  PageHeader,
  Skeleton,
  useApiQuery,
  useInfluencerSession,
} from '@shortlist/web-kit';
import { formatDate, formatDateTime } from '../../shared/format';
import { LoadErrorState } from '../../shared/load-error-state';
import { messages } from '../../shared/messages';
import { NewIssueForm } from './new-issue-form';
import styles from './queries.module.css';

const copy = messages.queries;

const STATUS_TONE: Record<InfluencerQueryView['status'], ChipTone> = {
  open: 'warning',
  in_progress: 'info',
  resolved: 'success',
};

/** SPEC §2 Queries: the influencer's own queries with their replies, and a new-issue form. */
export function QueriesScreen() {
  const session = useInfluencerSession();
  const influencerId = session?.id ?? '';
  const queries = useApiQuery(
    listInfluencerQueriesRoute,
    { params: { influencerId } },
    { enabled: influencerId !== '' },
  );

  return (
    <div className={styles.page}>
      <title>{messages.title(copy.title)}</title>
      <PageHeader title={copy.heading} description={copy.lead} />
      <NewIssueForm influencerId={influencerId} />
      <section className={styles.list} aria-labelledby="queries-heading">
        <h2 id="queries-heading" className={styles.sectionHeading}>
          {copy.listHeading}
        </h2>
        {queries.isPending ? (
          <Skeleton height="5rem" lines={2} />
        ) : queries.isError ? (
          <LoadErrorState
            error={queries.error}
            fallback={copy.failed}
            onRetry={() => void queries.refetch()}
            retrying={queries.isFetching}
          />
        ) : queries.data.items.length === 0 ? (
          <EmptyState title={copy.empty} message={copy.emptyHint} headingLevel={3} />
        ) : (
          <ul className={styles.items}>
            {queries.data.items.map((query) => (
              <QueryItem key={query._id} query={query} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function QueryItem({ query }: { query: InfluencerQueryView }) {
  return (
    <li className={styles.item}>
      <article aria-labelledby={`query-${query._id}`}>
        <header className={styles.itemHead}>
          <h3 id={`query-${query._id}`} className={styles.itemTitle}>
            {query.subject}
          </h3>
          <Chip tone={STATUS_TONE[query.status]}>{copy.status[query.status]}</Chip>
        </header>
        <p className={styles.meta}>{copy.raised(formatDate(query.createdAt))}</p>
        <p className={styles.message}>{query.message}</p>
        <h4 className={styles.repliesHeading}>{copy.replies}</h4>
        {query.replies.length === 0 ? (
          <p className={styles.meta}>{copy.noReplies}</p>
        ) : (
          <ol className={styles.replies}>
            {query.replies.map((reply) => (
              <li key={`${reply.at}-${reply.body.slice(0, 16)}`} className={styles.reply}>
                <p className={styles.meta}>
                  {reply.by} · <time dateTime={reply.at}>{formatDateTime(reply.at)}</time>
                </p>
                <p className={styles.message}>{reply.body}</p>
              </li>
            ))}
          </ol>
        )}
      </article>
    </li>
  );
}
