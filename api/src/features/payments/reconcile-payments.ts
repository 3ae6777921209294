import { randomUUID } from 'node:crypto';
import { type PaymentEvent, paymentStreamName, unsettledCaptures } from '@shortlist/domain';
import type { Position } from '@shortlist/eventstore';
import type { FastifyInstance } from 'fastify';
import { commandMetadata } from '../../commands/command-metadata';
import type { JobQueue } from '../../queue/job-queue.port';
import { loadPayment } from '../../shared/payments/payment-streams';
import type { PaymentsApp } from '../../shared/payments/payments';
import {
  loadOrderOrNull,
  payabilityOf,
  type SettledCapture,
  settleCapturedPayment,
} from './settle-captured-payment';

const PAYMENT_RECONCILE_JOB = 'payments.reconcile';

/** Often enough that a customer waits minutes, not hours, for a stuck payment's order or money. */
export const RECONCILE_INTERVAL_MS = 15 * 60 * 1000;
/**
 * A capture younger than this is left to verify and the webhook (Razorpay retries webhooks for
 * a day): the job is for captures nobody is going to report again, not a third racer.
 */
const RECONCILE_MIN_AGE_MS = 10 * 60 * 1000;
const RECONCILE_ATTEMPTS = 3;
const RECONCILE_BACKOFF_MS = 60_000;
const PAGE = 1000;
const ACTOR = 'system:payments-reconcile';
const CAPTURE_TYPES: ReadonlySet<string> = new Set<PaymentEvent['type']>([
  'PaymentVerified',
  'PaymentAmountMismatch',
]);

export interface ReconcileResult {
  /**
   * Where the next run may start its scan: just before the first capture still owed something
   * (too young, or failed), else the end of this scan. Null = from the start.
   */
  resumeAfter: Position | null;
  /** Captures examined (each payment once). */
  captures: number;
  fulfilled: number;
  refunded: number;
  /** Left for a later run: younger than the minimum age. */
  young: number;
  failed: number;
}

interface CapturedOrder {
  /** When its latest capture was recorded. */
  latestAt: string;
  /** The position just before its first capture seen in this scan: a rescan from here sees it. */
  before: Position | null;
}

/** Orders with a capture after `from`, in the order of their first capture, and the scan's end. */
async function capturedOrders(
  app: PaymentsApp,
  from: Position | null,
): Promise<{ orders: Map<string, CapturedOrder>; end: Position | null }> {
  const orders = new Map<string, CapturedOrder>();
  let after: Position | null = from;
  for (;;) {
    const page = await app.store.readAll({ after, limit: PAGE });
    let previous = after;
    for (const event of page) {
      const orderId = event.data.orderId;
      if (
        CAPTURE_TYPES.has(event.type) &&
        typeof orderId === 'string' &&
        event.streamName === paymentStreamName(orderId)
      ) {
        const known = orders.get(orderId);
        orders.set(orderId, { latestAt: event.recordedAt, before: known?.before ?? previous });
      }
      previous = event.position;
    }
    const last = page.at(-1);
    if (last === undefined) return { orders, end: after };
    after = last.position;
    if (page.length < PAGE) return { orders, end: after };
  }
}

/**
 * Finds every captured payment that neither paid its order nor was refunded (the process died
 * between the payment stream's write and the order's, or the provider refused a refund for a
 * while) and settles it as verify and the webhook would: fulfil when the order can still be paid
 * with that amount and currency, else refund. Safe to run at any time, twice, or beside a live
 * verify: every step has the ids or idempotency keys the other paths use.
 */
export async function reconcilePayments(
  app: PaymentsApp,
  options: { minAgeMs?: number; after?: Position | null } = {},
): Promise<ReconcileResult> {
  const logger = app.log;
  const minAgeMs = options.minAgeMs ?? RECONCILE_MIN_AGE_MS;
  const now = new Date();
  const { orders, end } = await capturedOrders(app, options.after ?? null);
  const result: ReconcileResult = {
    resumeAfter: end,
    captures: 0,
    fulfilled: 0,
    refunded: 0,
    young: 0,
    failed: 0,
  };
  let firstOwed = true;
  const stillOwed = (order: CapturedOrder) => {
    // Orders come in the order of their first capture: the first one owed bounds the rescan.
    if (firstOwed) result.resumeAfter = order.before;
    firstOwed = false;
  };
  const correlationId = randomUUID();
  for (const [orderId, captured] of orders) {
    const payment = await loadPayment(app.store, orderId);
    result.captures += Object.keys(payment.captures).length;
    const owed = unsettledCaptures(payment, payabilityOf(await loadOrderOrNull(app, orderId)));
    if (owed.length === 0) continue;
    if (now.getTime() - Date.parse(captured.latestAt) < minAgeMs) {
      result.young += owed.length;
      stillOwed(captured);
      continue;
    }
    for (const { paymentId } of owed) {
      try {
        const settled: SettledCapture | null = await settleCapturedPayment(app, {
          orderId,
          paymentId,
          metadata: commandMetadata(ACTOR, now, correlationId),
        });
        if (settled?.kind === 'fulfilled') result.fulfilled += 1;
        if (settled?.kind === 'refunded') result.refunded += 1;
        logger.warn(
          { orderId, paymentId, settled },
          'Reconciliation settled a captured payment left unsettled',
        );
      } catch (error) {
        result.failed += 1;
        stillOwed(captured);
        logger.error({ orderId, paymentId, err: error }, 'Reconciliation could not settle payment');
      }
    }
  }
  if (result.failed > 0) {
    // Retried by the queue; what did settle stays settled.
    throw new Error(`Reconciliation left ${result.failed} captured payment(s) unsettled`);
  }
  return result;
}

/** The run slot `at` falls in: every process computes the same key for it. */
function reconcileSlot(at: Date): Date {
  return new Date(Math.floor(at.getTime() / RECONCILE_INTERVAL_MS) * RECONCILE_INTERVAL_MS);
}

/**
 * Enqueues the run at `runAt` (once per slot, however many processes ask). `after` is where the
 * previous run left its scan; a run scheduled at process start has none and scans everything.
 */
export async function scheduleReconcileRun(
  queue: JobQueue,
  runAt: Date,
  now: Date,
  after: Position | null = null,
): Promise<void> {
  await queue.enqueue(
    PAYMENT_RECONCILE_JOB,
    { at: runAt.toISOString(), after },
    {
      key: `reconcile:${reconcileSlot(runAt).toISOString()}`,
      delayMs: Math.max(0, runAt.getTime() - now.getTime()),
      attempts: RECONCILE_ATTEMPTS,
      backoffMs: RECONCILE_BACKOFF_MS,
    },
  );
}

/** At process start: the next slot (a no-op if another process scheduled it already). */
export async function startReconcileSchedule(queue: JobQueue, now: Date): Promise<Date> {
  const runAt = new Date(reconcileSlot(now).getTime() + RECONCILE_INTERVAL_MS);
  await scheduleReconcileRun(queue, runAt, now);
  return runAt;
}

/**
 * The `payments.reconcile` handler: reconciles, then schedules the next slot from where this
 * scan can resume (a failing run schedules it too, from where it started, so the chain holds as
 * the retention job's does). Not a cron: the queue port has delays,
 * not repeats, and every process start schedules the next slot again under the same key.
 */
export function registerReconcileJob(app: PaymentsApp & Pick<FastifyInstance, 'queue'>): void {
  const { queue } = app;
  queue.process(PAYMENT_RECONCILE_JOB, async (payload, job) => {
    const now = new Date();
    const next = new Date(reconcileSlot(now).getTime() + RECONCILE_INTERVAL_MS);
    const after = typeof payload.after === 'string' ? payload.after : null;
    let result: ReconcileResult;
    try {
      result = await reconcilePayments(app, { after });
    } catch (error) {
      // The chain goes on from the same place; this job is retried by the queue meanwhile.
      await scheduleReconcileRun(queue, next, now, after);
      throw error;
    }
    await scheduleReconcileRun(queue, next, now, result.resumeAfter);
    app.log.info({ ...result, attempt: job.attempt }, 'Payment reconciliation finished');
  });
}
