import type { OrderView } from '@shortlist/domain/contract';
import { Chip, type ChipTone } from '@shortlist/web-kit';
import { flowMessages } from '../flow-messages';
import { formatOrderTime } from './order-facts';
import {
  currentStepTime,
  orderStage,
  type PaymentShown,
  paymentShown,
  STAGE_TONES,
  type TimelineStep,
  timelineSteps,
} from './order-progress';
import styles from './order-timeline.module.css';

const copy = flowMessages.orderProgress;

/** The order's stage in the customer's words, in the tone of the status it refines. */
export function StageChip({ order }: { order: OrderView }) {
  const stage = orderStage(order);
  return <Chip tone={STAGE_TONES[stage]}>{copy.stages[stage]}</Chip>;
}

const PAYMENT_LOOK: Readonly<Record<PaymentShown, { label: string; tone: ChipTone }>> = {
  paid: { label: 'Paid', tone: 'success' },
  unpaid: { label: 'Unpaid', tone: 'warning' },
  refunded: { label: 'Refunded', tone: 'neutral' },
};

/** Paid, Unpaid, or Refunded: a refunded order never shows a green "Paid". */
export function PaymentChip({ order }: { order: OrderView }) {
  const { label, tone } = PAYMENT_LOOK[paymentShown(order)];
  return <Chip tone={tone}>{label}</Chip>;
}

/** The marker of something delivered the customer has not opened yet. */
export function NewDeliveryMarker({ order }: { order: OrderView }) {
  return order.newDelivery ? <Chip tone="accent">{copy.newDelivery}</Chip> : null;
}

/** The 48-hour promise as a due time, while the work is open and nothing is delivered yet. */
export function DueLine({ order }: { order: OrderView }) {
  const { dueAt, deliveredAt } = order.timeline;
  if (dueAt === null || deliveredAt !== null) return null;
  return <p className={styles.due}>{copy.dueBy(formatOrderTime(dueAt))}</p>;
}

export interface StageSummaryProps {
  order: OrderView;
  /**
   * Whether the timeline is open, when the caller keeps it: a table may render its cells
   * afresh (a refetch, a resize), and an opened timeline must stay open through that.
   */
  timelineOpen?: boolean;
  onTimelineToggle?: (open: boolean) => void;
}

/**
 * The Status column (and a phone's card): the stage with the time it was reached, the promise,
 * the new-delivery marker, and the whole timeline one tap away.
 */
export function StageSummary({ order, timelineOpen, onTimelineToggle }: StageSummaryProps) {
  const at = currentStepTime(order);
  return (
    <div className={styles.summary}>
      <div className={styles.chips}>
        <StageChip order={order} />
        <NewDeliveryMarker order={order} />
      </div>
      <time className={styles.when} dateTime={at}>
        {formatOrderTime(at)}
      </time>
      <DueLine order={order} />
      <details
        className={styles.details}
        open={timelineOpen}
        onToggle={(event) => onTimelineToggle?.(event.currentTarget.open)}
      >
        <summary aria-label={flowMessages.orders.timelineOf(order.id)}>
          {flowMessages.orders.showTimeline}
        </summary>
        <OrderTimeline order={order} />
      </details>
    </div>
  );
}

function stepLabel(step: TimelineStep): string {
  if (step.id === 'paid' && step.at === null && step.state !== 'done') return copy.awaitingPayment;
  return copy.steps[step.id];
}

/**
 * The order's steps top to bottom (UI.md "Timelines"), each with its time from the events: the
 * step the order waits for is marked, the delivery step carries the promise while it is due.
 */
export function OrderTimeline({ order }: { order: OrderView }) {
  const steps = timelineSteps(order);
  return (
    <ol className={styles.timeline} aria-label={flowMessages.orders.timelineOf(order.id)}>
      {steps.map((step) => (
        <li
          key={step.id}
          className={[styles.step, styles[step.state]].join(' ')}
          aria-current={step.state === 'next' ? 'step' : undefined}
        >
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.stepText}>
            <span className={styles.stepLabel}>
              {stepLabel(step)}
              {step.id === 'delivered' ? <NewDeliveryMarker order={order} /> : null}
            </span>
            {step.at !== null ? (
              <time className={styles.when} dateTime={step.at}>
                {formatOrderTime(step.at)}
              </time>
            ) : null}
            {step.id === 'delivered' && step.at === null ? <DueLine order={order} /> : null}
            {step.id === 'refunded' ? <span className={styles.when}>{copy.refundNote}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
