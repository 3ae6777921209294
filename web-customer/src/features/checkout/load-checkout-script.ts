/** What this app uses of Razorpay's Checkout.js (and of the local sandbox, which copies it). */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  order_id: string;
  prefill: { name?: string; email?: string };
  /** true shows a method, false hides it (SPEC §7: no EMI, no pay-later). */
  method: Record<'upi' | 'card' | 'netbanking' | 'wallet' | 'emi' | 'paylater', boolean>;
  theme?: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void; escape?: boolean };
}

interface RazorpayCheckout {
  open(): void;
  on(event: 'payment.failed', callback: (response: unknown) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

let loading: Promise<RazorpayConstructor> | null = null;

/**
 * Loads the provider's script once, on the first Pay Now (SPEC §4: on demand), from the address
 * the server gave. A failed load is forgotten so the next attempt tries again.
 */
export function loadCheckoutScript(src: string): Promise<RazorpayConstructor> {
  const ready = window.Razorpay;
  if (ready) return Promise.resolve(ready);
  if (loading) return loading;
  const script = document.createElement('script');
  const attempt = new Promise<RazorpayConstructor>((resolve, reject) => {
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      const loaded = window.Razorpay;
      if (loaded) resolve(loaded);
      else reject(new Error('The checkout script did not define Razorpay'));
    });
    script.addEventListener('error', () => reject(new Error('The checkout script did not load')));
    document.head.append(script);
  });
  loading = attempt.catch((error: unknown) => {
    loading = null;
    script.remove();
    throw error;
  });
  return loading;
}
