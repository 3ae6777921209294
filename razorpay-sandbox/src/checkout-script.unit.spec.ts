import { Window } from 'happy-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutScript } from './checkout-script';

// The sandbox's Checkout.js in a DOM: the same surface the web app uses with Razorpay's. An
// explicit happy-dom Window (its own VM context, its own types) keeps the DOM out of the
// server-side node typings.
let window: Window;
let document: Window['document'];
interface RazorpayInstance {
  open(): void;
  close(): void;
  on(event: string, callback: (response: unknown) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

function razorpay(): RazorpayConstructor {
  const value: unknown = Reflect.get(window, 'Razorpay');
  if (typeof value !== 'function') throw new Error('window.Razorpay is missing');
  return value as RazorpayConstructor;
}

const success = {
  razorpay_payment_id: 'pay_A1',
  razorpay_order_id: 'order_A1',
  razorpay_signature: 'f'.repeat(64),
};
const failure = {
  error: {
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment failed',
    source: 'customer',
    step: 'payment_authorization',
    reason: 'payment_failed',
    metadata: { order_id: 'order_A1', payment_id: 'pay_F1' },
  },
};

const fetchMock = vi.fn(async (url: string) => {
  const body = url.endsWith('/pay') ? success : failure;
  return new Response(JSON.stringify(body), { status: 200 });
});

function options(overrides: Record<string, unknown> = {}) {
  return {
    key: 'rzp_test_x',
    amount: 85_000,
    currency: 'INR',
    name: 'Shortlist',
    description: 'ATS Resume – From Scratch',
    order_id: 'order_A1',
    prefill: { email: 'asha@example.com' },
    method: { emi: false, paylater: false, wallet: false },
    ...overrides,
  };
}

/** A button of the sandbox dialog (the page has its own "Pay Now"). */
const button = (name: RegExp) => {
  const found = [...document.querySelectorAll('[role="dialog"] button')].find((b) =>
    name.test(b.textContent ?? ''),
  );
  if (!(found instanceof window.HTMLButtonElement)) throw new Error(`No button ${name}`);
  return found;
};
/** Focuses the page's own Pay Now button, as a click on it would. */
function focusOpener() {
  const opener = document.getElementById('pay-now');
  if (!(opener instanceof window.HTMLElement)) throw new Error('No Pay Now button');
  opener.focus();
  return opener;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  window = new Window({
    url: 'http://localhost:3000/checkout',
    // Only our own script runs in it, so the VM-escape warning does not apply.
    settings: {
      enableJavaScriptEvaluation: true,
      suppressInsecureJavaScriptEnvironmentWarning: true,
    },
  });
  document = window.document;
  document.body.innerHTML = '<button id="pay-now">Pay Now</button>';
  fetchMock.mockClear();
  Object.defineProperty(window, 'fetch', { value: fetchMock });
  window.eval(checkoutScript('/sandbox/razorpay/'));
});
afterEach(async () => {
  await window.happyDOM.close();
});

describe('sandbox Checkout.js', () => {
  it('defines window.Razorpay, which needs a key', () => {
    const Razorpay = razorpay();
    expect(() => new Razorpay({})).toThrow('No key passed');
  });

  it('opens an accessible modal dialog with Pay focused and the hidden methods left out', () => {
    focusOpener();
    new (razorpay())(options()).open();
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    const title = document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '');
    expect(title?.textContent).toBe('Shortlist');
    expect(document.activeElement).toBe(button(/^Pay /));
    const methods = [...document.querySelectorAll('input[type=radio]')].map((input) =>
      input instanceof window.HTMLInputElement ? input.value : null,
    );
    expect(methods).toEqual(['upi', 'card', 'netbanking']);
    expect(document.querySelector('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('pays through the sandbox and hands the signed response to options.handler', async () => {
    const handler = vi.fn();
    new (razorpay())(options({ handler })).open();
    button(/^Pay /).click();
    await vi.waitFor(() => expect(handler).toHaveBeenCalledWith(success));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/sandbox/razorpay/checkout/pay');
    expect(JSON.parse(String(init.body))).toMatchObject({
      key: 'rzp_test_x',
      order_id: 'order_A1',
      method: 'upi',
      email: 'asha@example.com',
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });

  it("reports a failure to rzp.on('payment.failed') and stays open for another try", async () => {
    const failed = vi.fn();
    const rzp = new (razorpay())(options());
    rzp.on('payment.failed', failed);
    rzp.open();
    button(/^Fail$/).click();
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith(failure));
    await settle();
    expect(document.querySelector('[role="dialog"]')).not.toBeNull();
    expect(document.querySelector('[role="status"]')?.textContent).toMatch(/Payment failed/);
  });

  it('calls modal.ondismiss on Dismiss and on Escape, and gives focus back', () => {
    const ondismiss = vi.fn();
    const opener = focusOpener();
    const rzp = new (razorpay())(options({ modal: { ondismiss } }));
    rzp.open();
    button(/^Dismiss$/).click();
    expect(ondismiss).toHaveBeenCalledTimes(1);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(opener);

    rzp.open();
    document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape' }));
    expect(ondismiss).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});
