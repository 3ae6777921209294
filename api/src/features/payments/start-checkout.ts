import { randomUUID } from 'node:crypto';
import {
  type AbortCheckoutRequest,
  CHECKOUT_REQUEST_TTL_MS,
  type ChargeTerms,
  type CommandMetadata,
  checkoutDecision,
  checkoutTerms,
  DomainError,
  type OpenCheckout,
  type RequestCheckout,
  type StartCheckout,
} from '@shortlist/domain';
import type { CheckoutStart } from '@shortlist/domain/contract';
import type { FastifyInstance } from 'fastify';
import { payments } from '../../commands/aggregates';
import { commandMetadata } from '../../commands/command-metadata';
import { HttpError } from '../../shared/http-error';
import { loadOrder, loadPayment } from '../../shared/payments/payment-streams';
import type { PaymentsApp } from '../../shared/payments/payments';

const CHECKOUT_MESSAGES = {
  started: 'Checkout started.',
  /** SPEC §8 wording. */
  unableToStart: 'Unable to start checkout.',
} as const;

/** The customer's name for the checkout's prefill, when the account read model knows it. */
async function customerName(app: CheckoutApp, userId: string): Promise<string | null> {
  const row = await app.db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Checkout also reads the customer's name from the read models. */
type CheckoutApp = PaymentsApp & Pick<FastifyInstance, 'db'>;

const POLL_MS = 40;
/** A waiting caller gives up a little after a silent claimant's claim could be taken over. */
const WAIT_LIMIT_MS = CHECKOUT_REQUEST_TTL_MS + 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * POST /payments/checkout for the order's owner. The amount is the order's, from the domain price
 * table, in minor units; the client sends none. Concurrent calls for one order create ONE
 * provider order: each appends a claim with the payment stream's expected version, only the
 * caller whose claim landed asks the provider, and the others wait for its CheckoutStarted.
 */
export async function startCheckout(
  app: CheckoutApp,
  input: { orderId: string; userId: string; correlationId: string },
): Promise<CheckoutStart> {
  const { order, placed } = await loadOrder(app.store, input.orderId);
  // The domain says what may be charged, or refuses (a DomainError the error handler maps).
  const terms = checkoutTerms(order, input.userId);
  const checkout = await openCheckout(app, input, terms);
  const name = await customerName(app, order.userId);
  return {
    razorpay: {
      key: app.payments.provider.keyId,
      amount: checkout.amountMinor,
      currency: checkout.currency,
      description: placed.planName,
      order_id: checkout.providerOrderId,
      prefill: {
        ...(name ? { name } : {}),
        // Null once the order's personal data was erased (crypto-shredding).
        ...(typeof placed.userEmail === 'string' ? { email: placed.userEmail } : {}),
      },
    },
    message: CHECKOUT_MESSAGES.started,
    checkoutScriptUrl: app.payments.provider.checkoutScriptUrl,
  };
}

async function openCheckout(
  app: PaymentsApp,
  input: { orderId: string; userId: string; correlationId: string },
  terms: ChargeTerms,
): Promise<OpenCheckout> {
  const giveUpAt = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const now = new Date();
    const state = await loadPayment(app.store, input.orderId);
    const decision = checkoutDecision(state, terms, now.toISOString());
    if (decision.kind === 'reuse') return decision.checkout;
    if (decision.kind === 'claim') {
      const metadata = commandMetadata(`user:${input.userId}`, now, input.correlationId);
      const opened = await claimAndCreate(app, input.orderId, terms, metadata);
      if (opened !== null) return opened;
    } else if (now.getTime() > giveUpAt) {
      throw new HttpError(503, CHECKOUT_MESSAGES.unableToStart);
    } else {
      await sleep(POLL_MS);
    }
  }
}

/** Appends our claim; if it landed, creates the provider order. Null: someone else's claim won. */
async function claimAndCreate(
  app: PaymentsApp,
  orderId: string,
  terms: ChargeTerms,
  metadata: CommandMetadata,
): Promise<OpenCheckout | null> {
  const payment = payments(app.store);
  const { provider } = app.payments;
  const requestId = randomUUID();
  // Razorpay keeps at most 40 characters of receipt; the order id also travels in the notes.
  const receipt = orderId.slice(0, 40);
  const request: RequestCheckout = {
    type: 'RequestCheckout',
    data: { orderId, requestId, receipt, ...terms },
    metadata,
  };
  // Decided on the state openCheckout just loaded (the loader remembers it): no second read.
  const claimed = await payment.handle(orderId, request);
  if (!claimed.events.some((event) => event.data.requestId === requestId)) return null;

  let providerOrderId: string;
  try {
    const created = await provider.createOrder({ ...terms, receipt, notes: { orderId } });
    if (created.amountMinor !== terms.amountMinor || created.currency !== terms.currency) {
      throw new Error(`Provider order ${created.id} does not carry the requested amount`);
    }
    providerOrderId = created.id;
  } catch (error) {
    app.log.error({ err: error, orderId }, 'Could not create the provider order');
    const abort: AbortCheckoutRequest = {
      type: 'AbortCheckoutRequest',
      data: { orderId, requestId, reason: error instanceof Error ? error.message : String(error) },
      metadata,
    };
    // Frees the claim at once, so the customer's retry does not wait for it to go stale.
    await payment.handle(orderId, abort);
    throw new HttpError(502, CHECKOUT_MESSAGES.unableToStart);
  }

  const start: StartCheckout = {
    type: 'StartCheckout',
    data: { orderId, requestId, providerOrderId, receipt, ...terms },
    metadata,
  };
  try {
    await payment.handle(orderId, start);
  } catch (error) {
    // Our claim went stale and another caller's checkout replaced it; use theirs.
    if (error instanceof DomainError && error.kind === 'conflict') return null;
    throw error;
  }
  return { providerOrderId, receipt, ...terms };
}
