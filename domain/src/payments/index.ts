// The payments slice of the domain; to be re-exported from the package index (domain/src/index.ts).

export {
  type CaptureSettlement,
  type OrderPayability,
  settlementOf,
  unsettledCaptures,
} from './capture-settlement';
export { checkoutTerms } from './order-checkout.rule';
export type {
  AbortCheckoutRequest,
  ChargeTerms,
  PaymentCommand,
  RecordAmountMismatch,
  RecordPayment,
  RecordPaymentFailure,
  RecordRefund,
  RequestCheckout,
  StartCheckout,
} from './payment.commands';
export { PAYMENT_MESSAGES, paymentDecider } from './payment.decider';
export type {
  CheckoutRequestAborted,
  CheckoutRequested,
  CheckoutStarted,
  PaymentAmountMismatch,
  PaymentEvent,
  PaymentFailed,
  PaymentSource,
  PaymentVerified,
  RefundIssued,
  RefundReason,
  StoredPaymentEvent,
} from './payment.events';
export { paymentEvents, paymentStreamName, REFUND_REASONS } from './payment.events';
export {
  type CapturedMoney,
  CHECKOUT_REQUEST_TTL_MS,
  type CheckoutDecision,
  checkoutDecision,
  evolvePayment,
  hasVerifiedPayment,
  initialPaymentState,
  isPaymentVerified,
  type OpenCheckout,
  type PaymentState,
  type PendingCheckoutRequest,
  type RecordedRefund,
  sameTerms,
  type VerifiedPayment,
} from './payment.state';
