import { getAuditTrailRoute } from '@shortlist/domain/contract';
import { EmptyState, ErrorState, Skeleton, useApiQuery } from '@shortlist/web-kit';
import { formatDateTime } from '../../shared/format';
import { messages } from '../../shared/messages';
import { auditTrailSteps } from './audit-trail-steps';
import styles from './orders.module.css';

const copy = messages.orders;

/**
 * The History tab: the order's and its payment's events from the event store, top to bottom in
 * time order: when, who, what, and the status or amount after the step (UI.md "Timelines").
 */
export function AuditTrail({
  orderId,
  customerId,
}: {
  orderId: string;
  customerId: string | null;
}) {
  const trail = useApiQuery(getAuditTrailRoute, { params: { id: orderId } });
  if (trail.isPending) return <Skeleton lines={5} height="1.25rem" />;
  if (trail.isError) {
    return (
      <ErrorState
        message={copy.auditTrailFailed}
        onRetry={() => void trail.refetch()}
        retrying={trail.isFetching}
        retryLabel={messages.common.retry}
      />
    );
  }
  const steps = auditTrailSteps(trail.data.items, customerId);
  if (steps.length === 0) return <EmptyState title={copy.auditTrailEmpty} headingLevel={3} />;
  return (
    <ol className={styles.timeline} aria-label={copy.auditTrailLabel}>
      {steps.map((step) => (
        <li key={step.key} className={styles.timelineStep}>
          <div className={styles.timelineHead}>
            <span className={styles.timelineWhat}>{step.what}</span>
            {step.outcome ? <span className={styles.timelineOutcome}>{step.outcome}</span> : null}
          </div>
          <p className={styles.timelineMeta}>
            <time dateTime={step.at}>{formatDateTime(step.at)}</time> · {copy.by} {step.who}
          </p>
          {step.facts.length > 0 ? (
            <dl className={styles.timelineFacts}>
              {step.facts.map((fact) => (
                <div key={fact.label} className={styles.fact}>
                  <dt>{fact.label}</dt>
                  <dd>
                    {fact.value === null ? (
                      <em className={styles.erased}>{copy.erased}</em>
                    ) : (
                      fact.value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
