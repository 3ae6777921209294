import { createHash } from 'node:crypto';
import { DomainError, isCurrency, REFUND_REASONS, type RefundReason } from '@shortlist/domain';
import type { JsonObject } from '@shortlist/eventstore';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { commandMetadata } from '../../commands/command-metadata';
import type { JobInfo, JobQueue } from '../../queue/job-queue.port';
import { instrumentFingerprint } from '../../shared/payments/payment-instrument';
import { PaymentProviderError } from '../../shared/payments/payment-provider.port';
import type { PaymentsApp } from '../../shared/payments/payments';
import { recordRefund } from '../../shared/payments/refund-order';
import { recordCapturedPayment } from './record-captured-payment';
import { recordPaymentFailure } from './record-payment-failure';

/** The queue job that carries one verified webhook delivery. */
const PAYMENT_WEBHOOK_JOB = 'payments.webhook';

const ACTOR = 'provider:razorpay';

// Only the fields we act on; Razorpay adds fields freely, so unknown ones pass.
const paymentEntity = z.looseObject({
  id: z.string(),
  order_id: z.string().nullish(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  method: z.string().nullish(),
  card_id: z.string().nullish(),
  vpa: z.string().nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
  notes: z.unknown().optional(),
});

const webhookEventSchema = z.looseObject({
  entity: z.literal('event'),
  event: z.string(),
  payload: z.looseObject({
    payment: z.object({ entity: paymentEntity }).optional(),
    order: z
      .object({
        entity: z.looseObject({
          id: z.string(),
          receipt: z.string().nullish(),
          notes: z.unknown().optional(),
        }),
      })
      .optional(),
    refund: z
      .object({
        entity: z.looseObject({
          id: z.string(),
          payment_id: z.string(),
          amount: z.number().int(),
          currency: z.string(),
          status: z.string(),
          notes: z.unknown().optional(),
        }),
      })
      .optional(),
  }),
});

type WebhookEvent = z.infer<typeof webhookEventSchema>;

interface WebhookJobPayload extends JsonObject {
  eventId: string;
  event: JsonObject;
}

/** The dedupe key: Razorpay's event id, or the body's hash when a sender leaves the header out. */
export function webhookEventId(header: string | undefined, rawBody: Buffer): string {
  if (header !== undefined && header !== '') return header;
  return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
}

/** Hands a verified delivery to the queue; one job per event id however often it is delivered. */
export async function enqueueWebhook(
  queue: JobQueue,
  eventId: string,
  event: JsonObject,
): Promise<void> {
  const payload: WebhookJobPayload = { eventId, event };
  await queue.enqueue(PAYMENT_WEBHOOK_JOB, payload, { key: eventId, attempts: 8, backoffMs: 1000 });
}

/** The reason we gave when we made the refund ourselves; else it came from Razorpay's side. */
function notesRefundReason(notes: unknown): RefundReason {
  if (typeof notes !== 'object' || notes === null || !('reason' in notes)) return 'provider';
  return REFUND_REASONS.find((reason) => reason === notes.reason) ?? 'provider';
}

function notesOrderId(notes: unknown): string | null {
  if (typeof notes !== 'object' || notes === null || !('orderId' in notes)) return null;
  return typeof notes.orderId === 'string' ? notes.orderId : null;
}

/**
 * Our order id for a provider order: the notes/receipt we created it with, carried by the
 * event when it includes the order entity, else asked of the provider.
 */
async function ourOrderId(app: PaymentsApp, event: WebhookEvent, providerOrderId: string) {
  const order = event.payload.order?.entity;
  if (order !== undefined && order.id === providerOrderId) {
    const id = notesOrderId(order.notes) ?? order.receipt ?? null;
    if (id !== null) return id;
  }
  const fromPayment = notesOrderId(event.payload.payment?.entity.notes);
  if (fromPayment !== null) return fromPayment;
  const fetched = await app.payments.provider.fetchOrder(providerOrderId);
  return notesOrderId(fetched.notes) ?? fetched.receipt;
}

/**
 * Processes one webhook event. Permanent refusals (a DomainError, e.g. a provider order that is
 * not ours, an order already refunded) are logged and dropped; anything else throws so the
 * queue retries it.
 */
export async function processWebhookEvent(
  app: PaymentsApp,
  eventId: string,
  raw: unknown,
): Promise<void> {
  const logger = app.log;
  const parsed = webhookEventSchema.safeParse(raw);
  if (!parsed.success) {
    logger.warn({ eventId, issues: parsed.error.issues }, 'Unreadable Razorpay webhook dropped');
    return;
  }
  const event = parsed.data;
  const payment = event.payload.payment?.entity;
  const providerOrderId = payment?.order_id ?? null;
  if (payment === undefined || providerOrderId === null) {
    logger.info({ eventId, event: event.event }, 'Razorpay webhook without an order; ignored');
    return;
  }
  try {
    const orderId = await ourOrderId(app, event, providerOrderId);
    if (orderId === null) throw new DomainError('not_found', 'Provider order without our order id');
    const metadata = commandMetadata(ACTOR, new Date(), eventId, eventId);
    switch (event.event) {
      case 'payment.captured':
      case 'order.paid': {
        if (payment.status !== 'captured') return;
        const instrument = instrumentFingerprint(app.payments.instrumentKey, {
          method: payment.method ?? null,
          cardId: payment.card_id ?? null,
          vpa: payment.vpa ?? null,
        });
        const outcome = await recordCapturedPayment(app, {
          orderId,
          providerOrderId,
          paymentId: payment.id,
          amountMinor: payment.amount,
          currency: payment.currency,
          source: 'webhook',
          ...(payment.method ? { method: payment.method } : {}),
          ...(instrument === undefined ? {} : { instrument }),
          actor: ACTOR,
          correlationId: eventId,
          causationId: eventId,
        });
        logger.info({ eventId, orderId, outcome: outcome.kind }, 'Razorpay capture recorded');
        return;
      }
      case 'payment.failed':
        await recordPaymentFailure(app, {
          orderId,
          providerOrderId,
          paymentId: payment.id,
          reason: payment.error_description ?? payment.error_code ?? 'failed',
          metadata,
        });
        return;
      case 'refund.processed': {
        const refund = event.payload.refund?.entity;
        if (refund === undefined || !isCurrency(refund.currency)) return;
        await recordRefund(
          app,
          {
            orderId,
            paymentId: refund.payment_id,
            refundId: refund.id,
            amountMinor: refund.amount,
            currency: refund.currency,
            reason: notesRefundReason(refund.notes),
          },
          metadata,
        );
        return;
      }
      default:
        logger.info({ eventId, event: event.event }, 'Razorpay webhook not handled; ignored');
    }
  } catch (error) {
    if (error instanceof DomainError) {
      logger.warn({ eventId, event: event.event, err: error }, 'Razorpay webhook refused; dropped');
      return;
    }
    // The provider refused to tell us about an order id: not ours (another app on the account).
    if (error instanceof PaymentProviderError && error.statusCode === 400) {
      logger.warn({ eventId, err: error }, 'Razorpay webhook for an unknown order; dropped');
      return;
    }
    throw error;
  }
}

/**
 * Registers the webhook job handler. Call it in the process that runs queue jobs: the server in
 * embedded mode (in-process queue), the worker in services mode (BullMQ).
 */
export function registerPaymentJobs(app: PaymentsApp & Pick<FastifyInstance, 'queue'>): void {
  app.queue.process(PAYMENT_WEBHOOK_JOB, async (payload: JsonObject, job: JobInfo) => {
    const eventId = typeof payload.eventId === 'string' ? payload.eventId : job.key;
    await processWebhookEvent(app, eventId, payload.event);
  });
}
