import { z } from 'zod';
import { singleLineText } from '../text';
import { defineRoute } from './route';

// Ids and signatures: one line of the contract's text, so NUL never reaches a query.
const nonEmpty = singleLineText().trim().min(1);

/** SPEC §3 "Payment start response": what Checkout.js is opened with. */
export const checkoutStartSchema = z.object({
  razorpay: z.object({
    key: z.string(),
    /** Minor units (paise, cents), from the price table: the client never sends an amount. */
    amount: z.number().int(),
    currency: z.string(),
    description: z.string(),
    order_id: z.string(),
    prefill: z.object({ name: z.string().optional(), email: z.string().optional() }),
  }),
  message: z.string(),
  /** Where the web app loads Checkout.js from on demand: Razorpay's, or the local sandbox's. */
  checkoutScriptUrl: z.string(),
});
export type CheckoutStart = z.infer<typeof checkoutStartSchema>;

/** POST /payments/checkout: opens (or reuses) the provider order of one of the caller's orders. */
export const startCheckoutRoute = defineRoute({
  method: 'POST',
  path: '/payments/checkout',
  audience: 'customer',
  summary: 'Start the checkout of an order: the Checkout.js options, amount from the price table',
  body: z.object({ orderId: nonEmpty }),
  response: checkoutStartSchema,
});

/** SPEC §3 "Payment verify payload": Checkout.js's handler response and our order id. */
export const verifyPaymentBodySchema = z.object({
  orderId: nonEmpty,
  razorpay_order_id: nonEmpty,
  razorpay_payment_id: nonEmpty,
  razorpay_signature: nonEmpty,
});
export type VerifyPaymentBody = z.infer<typeof verifyPaymentBodySchema>;

/** POST /payments/verify: checks the checkout signature; a 200 means the order is paid. */
export const verifyPaymentRoute = defineRoute({
  method: 'POST',
  path: '/payments/verify',
  audience: 'customer',
  summary: "Verify a payment's checkout signature and mark its order paid",
  body: verifyPaymentBodySchema,
  response: z.object({ message: z.string(), paymentStatus: z.literal('paid') }),
});

/**
 * POST /payments/webhook: Razorpay's signed event (X-Razorpay-Signature over the raw body, which
 * the server reads as bytes, so no body schema here).
 */
export const paymentWebhookRoute = defineRoute({
  method: 'POST',
  path: '/payments/webhook',
  audience: 'public',
  summary: 'Receive a Razorpay webhook, authenticated by its signature',
  response: z.object({ ok: z.literal(true) }),
});
