import { paymentWebhookRoute } from '@shortlist/domain/contract';
import type { JsonObject } from '@shortlist/eventstore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoute } from '../../shared/contract-route';
import { isValidWebhookSignature } from '../../shared/payments/razorpay-signature';
import { enqueueWebhook, processWebhookEvent, webhookEventId } from './payment-webhook';

const WEBHOOK_MESSAGES = {
  badSignature: 'Invalid webhook signature.',
  badBody: 'Invalid webhook body.',
} as const;

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * POST /payments/webhook: public (Razorpay has no token), authenticated by `X-Razorpay-Signature`
 * over the RAW body, so this plugin keeps every body as bytes: a re-serialised JSON would not
 * match the signature. A 200 promises the delivery will take effect, since Razorpay does not
 * send it again: with a durable queue (BullMQ) it answers once the job is queued, one job per
 * `x-razorpay-event-id` so redeliveries are absorbed; with the in-process queue, which a crash
 * empties, it does the work first, and a failure answers 500 so Razorpay retries.
 */
export const webhookRoute: FastifyPluginAsyncZod = async (app) => {
  // Encapsulated: only this plugin's routes see raw bodies.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  app.route({
    ...contractRoute(app, paymentWebhookRoute, [400]),
    handler: async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-razorpay-signature'];
      if (
        !isValidWebhookSignature({
          webhookSecret: app.payments.webhookSecret,
          rawBody,
          signature: typeof signature === 'string' ? signature : undefined,
        })
      ) {
        request.log.warn('Razorpay webhook with a bad signature refused');
        return reply.code(400).send({ message: WEBHOOK_MESSAGES.badSignature });
      }
      let event: unknown;
      try {
        event = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return reply.code(400).send({ message: WEBHOOK_MESSAGES.badBody });
      }
      if (!isJsonObject(event)) return reply.code(400).send({ message: WEBHOOK_MESSAGES.badBody });
      const header = request.headers['x-razorpay-event-id'];
      const eventId = webhookEventId(typeof header === 'string' ? header : undefined, rawBody);
      if (app.queue.durable) await enqueueWebhook(app.queue, eventId, event);
      else await processWebhookEvent(app, eventId, event);
      return reply.code(200).send({ ok: true as const });
    },
  });
};
