import {
  paymentStatus,
  type RazorpaySandbox,
  SandboxError,
  type SandboxOrder,
  type SandboxPayment,
} from '@shortlist/razorpay-sandbox';
import {
  type PaymentProvider,
  PaymentProviderError,
  type ProviderOrder,
  type ProviderPayment,
} from './payment-provider.port';

/**
 * The provider port on the sandbox, in process: what embedded mode uses, so the server never
 * calls itself over HTTP. It shares every rule with the HTTP face (both go through
 * RazorpaySandbox), and the contract suite runs against both.
 */
export interface SandboxProviderOptions {
  /** Where the browser loads the sandbox's Checkout.js, e.g. '/sandbox/razorpay/checkout.js'. */
  checkoutScriptUrl: string;
}

function toProviderOrder(order: SandboxOrder): ProviderOrder {
  return {
    id: order.id,
    amountMinor: order.amount,
    amountPaidMinor: order.amountPaid,
    amountDueMinor: order.amount - order.amountPaid,
    currency: order.currency,
    receipt: order.receipt,
    status: order.status,
    attempts: order.attempts,
    notes: order.notes,
    createdAt: order.createdAt,
  };
}

function toProviderPayment(payment: SandboxPayment): ProviderPayment {
  return {
    id: payment.id,
    providerOrderId: payment.orderId,
    amountMinor: payment.amount,
    currency: payment.currency,
    status: paymentStatus(payment),
    method: payment.method,
    cardId: payment.cardId,
    vpa: payment.vpa,
    createdAt: payment.createdAt,
  };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SandboxError) {
      throw new PaymentProviderError(error.statusCode, error.code, error.message);
    }
    throw error;
  }
}

export function createSandboxProvider(
  sandbox: RazorpaySandbox,
  options: SandboxProviderOptions,
): PaymentProvider {
  return {
    keyId: sandbox.keyId,
    checkoutScriptUrl: options.checkoutScriptUrl,

    createOrder: (input) =>
      call(async () =>
        toProviderOrder(
          await sandbox.createOrder({
            amount: input.amountMinor,
            currency: input.currency,
            receipt: input.receipt,
            notes: input.notes ?? {},
          }),
        ),
      ),

    fetchOrder: (providerOrderId) =>
      call(async () => toProviderOrder(await sandbox.fetchOrder(providerOrderId))),

    fetchPayment: (paymentId) =>
      call(async () => toProviderPayment((await sandbox.fetchPayment(paymentId)).payment)),

    refund: (input) =>
      call(async () => {
        if (!/^[A-Za-z0-9_-]{10,}$/.test(input.idempotencyKey)) {
          throw new SandboxError(400, 'The idempotency key is invalid.', 'X-Refund-Idempotency');
        }
        const { refund } = await sandbox.refund(
          input.paymentId,
          { amount: input.amountMinor, speed: 'normal', notes: input.notes ?? {} },
          input.idempotencyKey,
        );
        return {
          id: refund.id,
          paymentId: refund.paymentId,
          amountMinor: refund.amount,
          currency: refund.currency,
          status: 'processed',
        };
      }),
  };
}
