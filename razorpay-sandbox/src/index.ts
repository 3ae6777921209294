// `@shortlist/razorpay-sandbox`: a local stand-in for a Razorpay test-mode account (orders,
// payments, refunds, Checkout.js, signed webhooks) for embedded mode, development and tests.
// It never serves in production without RAZORPAY_SANDBOX (the API decides), and it imports no
// API code: it is the provider's side of the integration.

export {
  type CheckoutFailure,
  type CheckoutSuccess,
  createRazorpaySandbox,
  type PayerChoice,
  type RazorpaySandbox,
  type RazorpaySandboxOptions,
} from './razorpay-sandbox';
export type { SandboxOrder, SandboxPayment, SandboxRefund } from './sandbox.schema';
export { SandboxError } from './sandbox.store';
export { razorpaySandboxRoutes, type SandboxRoutesOptions } from './sandbox-routes.plugin';
export type { WebhookSenderOptions } from './webhook.sender';
export type { SandboxWebhookEventName, WebhookEnvelope } from './webhook-events';
export { paymentStatus } from './webhook-events';
