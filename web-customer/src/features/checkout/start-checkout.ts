import { api } from '@shortlist/web-kit';

/** SPEC §3 "Payment start response", plus where to load the provider's script from. */
export interface CheckoutStart {
  razorpay: {
    key: string;
    amount: number;
    currency: string;
    description: string;
    order_id: string;
    prefill: { name?: string; email?: string };
  };
  checkoutScriptUrl: string;
  message: string | null;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Throws when the answer cannot start a payment: the screen then says it is unable to start. */
export function readCheckoutStart(data: unknown): CheckoutStart {
  const body = record(data);
  const razorpay = record(body.razorpay);
  const prefill = record(razorpay.prefill);
  const start: CheckoutStart = {
    razorpay: {
      key: text(razorpay.key),
      amount: Number(razorpay.amount),
      currency: text(razorpay.currency),
      description: text(razorpay.description),
      order_id: text(razorpay.order_id),
      prefill: {
        ...(text(prefill.name) ? { name: text(prefill.name) } : {}),
        ...(text(prefill.email) ? { email: text(prefill.email) } : {}),
      },
    },
    checkoutScriptUrl: text(body.checkoutScriptUrl),
    message: text(body.message) || null,
  };
  if (!start.razorpay.key || !start.razorpay.order_id || !start.checkoutScriptUrl) {
    throw new Error('Incomplete checkout answer');
  }
  return start;
}

/** POST /api/payments/checkout {orderId}. */
export function startCheckout(orderId: string): Promise<CheckoutStart> {
  return api.post('/payments/checkout', { orderId }, { parse: readCheckoutStart });
}
