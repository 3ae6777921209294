import { randomUUID } from 'node:crypto';
import {
  type AtsCheckFacts,
  type Currency,
  orderDecider,
  orderStreamName,
  type PlaceOrder,
  type PurchasableServiceId,
  type ResumePayload,
} from '@shortlist/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { commandMetadataFor } from '../../commands/command-metadata';
import { handleCommand } from '../../commands/handle-command';
import { answerAfter } from '../../plugins/consistency-token.plugin';
import { callerEmail } from './order-access';

export interface NewOrder {
  service: PurchasableServiceId;
  description: string;
  currency: Currency;
  resume: ResumePayload | null;
  customerUploads: { fileId: string; name: string }[];
  /** The server's ATS check of the upload, for an order placed from the ATS check page. */
  atsCheck?: AtsCheckFacts | null;
}

/**
 * Places an order for the caller and answers as soon as it is stored; the consistency token of
 * the answer lets the checkout page the client opens next find it. The owner comes from the verified token and the e-mail
 * from the users read model; the amount from the price table inside the decider.
 */
export async function placeOrderFor(
  app: FastifyInstance,
  request: FastifyRequest,
  order: NewOrder,
  options: { untilReadModelShowsIt?: boolean } = {},
): Promise<string> {
  const orderId = randomUUID();
  const command: PlaceOrder = {
    type: 'PlaceOrder',
    data: {
      orderId,
      userId: request.user.id,
      userEmail: await callerEmail(app, request),
      ...order,
    },
    metadata: commandMetadataFor(request),
  };
  const { position } = await handleCommand({
    store: app.store,
    streamName: orderStreamName(orderId),
    decider: orderDecider,
    command,
    // A fresh random id: nothing to read. Were it taken, the append is refused and re-decided.
    newStream: true,
  });
  // No wait here: the answer carries the consistency token, and the checkout page that reads
  // the order next sends it back (plugins/consistency-token.plugin.ts). Only a caller whose own
  // next decision reads the orders read model (the upload quota) asks to wait.
  answerAfter(request, position);
  if (options.untilReadModelShowsIt === true) await app.waitForProjections(position, ['orders']);
  return orderId;
}
