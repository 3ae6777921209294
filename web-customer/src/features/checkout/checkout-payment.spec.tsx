import { clearSession } from '@shortlist/web-kit';
import { json, requestsOf, type StubRequest, stubFetch } from '@shortlist/web-kit/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiOrder } from '../../testing/api-answers';
import { customer, renderApp } from '../../testing/render-app';
import type { RazorpayOptions } from './load-checkout-script';

afterEach(() => {
  vi.useRealTimers();
  clearSession();
  vi.unstubAllGlobals();
});

/** Razorpay's Checkout.js as the tests drive it: the last options and the failure callback. */
function fakeRazorpay() {
  const opened: RazorpayOptions[] = [];
  const failures: ((response: unknown) => void)[] = [];
  class FakeRazorpay {
    constructor(private readonly options: RazorpayOptions) {}
    open() {
      opened.push(this.options);
    }
    on(_event: string, callback: (response: unknown) => void) {
      failures.push(callback);
    }
  }
  vi.stubGlobal('Razorpay', FakeRazorpay);
  return { opened, failures, last: () => opened[opened.length - 1] };
}

const checkoutAnswer = {
  razorpay: {
    key: 'rzp_test_key',
    amount: 20000,
    currency: 'INR',
    description: 'Resume Review',
    order_id: 'order_sandbox_1',
    prefill: { email: 'asha@example.com' },
  },
  message: 'Checkout started',
  checkoutScriptUrl: '/sandbox/razorpay/checkout.js',
};

/** The API for one unpaid order; `paidAfter` reads after verification still show unpaid. */
function paymentApi({
  paidAfter = 5,
  verify = () => json(200, { message: 'Payment verified', paymentStatus: 'paid' }),
} = {}) {
  let verified = false;
  let readsAfterVerify = 0;
  const fetchMock = stubFetch((request: StubRequest) => {
    if (request.path === '/api/payments/checkout') return json(200, checkoutAnswer);
    if (request.path === '/api/payments/verify') {
      const answer = verify();
      verified = answer.ok;
      return answer;
    }
    if (request.path === '/api/orders/ord-1') {
      if (verified) readsAfterVerify += 1;
      const paid = verified && readsAfterVerify > paidAfter;
      return json(200, {
        order: apiOrder({ id: 'ord-1', paymentStatus: paid ? 'paid' : 'unpaid' }),
      });
    }
    return json(404, { message: 'Not found' });
  });
  return { fetchMock, reads: () => readsAfterVerify };
}

const success = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_sandbox_1',
  razorpay_signature: 'sig',
};

async function openCheckout() {
  await renderApp('/checkout?orderId=ord-1', { user: customer });
  return screen.findByRole('button', { name: 'Pay Now' });
}

describe('Pay Now', () => {
  it('opens the provider once, without EMI or pay-later, and a dismissal re-enables it', async () => {
    const razorpay = fakeRazorpay();
    const { fetchMock } = paymentApi();
    const pay = await openCheckout();

    await userEvent.click(pay);
    await waitFor(() => expect(razorpay.opened).toHaveLength(1));
    expect(razorpay.last()).toMatchObject({
      key: 'rzp_test_key',
      order_id: 'order_sandbox_1',
      amount: 20000,
      method: {
        upi: true,
        card: true,
        netbanking: true,
        wallet: true,
        emi: false,
        paylater: false,
      },
    });
    const busy = screen.getByRole('button', { name: 'Payment in progress…' });
    expect(busy).toBeDisabled();
    fireEvent.click(busy);
    expect(requestsOf(fetchMock).filter((r) => r.path === '/api/payments/checkout')).toHaveLength(
      1,
    );

    act(() => razorpay.last()?.modal.ondismiss());
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it('a failed payment re-enables the button', async () => {
    const razorpay = fakeRazorpay();
    paymentApi();
    await userEvent.click(await openCheckout());
    await waitFor(() => expect(razorpay.failures).toHaveLength(1));
    act(() => razorpay.failures[0]?.({ error: { description: 'Card declined' } }));
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Card declined');
  });

  it("a failed payment without the provider's words shows the SPEC's checkout text", async () => {
    const razorpay = fakeRazorpay();
    paymentApi();
    await userEvent.click(await openCheckout());
    await waitFor(() => expect(razorpay.failures).toHaveLength(1));
    act(() => razorpay.failures[0]?.({}));
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
    expect(screen.getByRole('alert')).toHaveTextContent('Payment verification failed.');
  });

  it('verifies, then reads the order every 800 ms until it is paid, then says Order placed', async () => {
    const razorpay = fakeRazorpay();
    const api = paymentApi({ paidAfter: 5 });
    await userEvent.click(await openCheckout());
    await waitFor(() => expect(razorpay.opened).toHaveLength(1));

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => razorpay.last()?.handler(success));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const verify = requestsOf(api.fetchMock).find((r) => r.path === '/api/payments/verify');
    expect(verify?.body).toEqual({ orderId: 'ord-1', ...success });
    expect(api.reads()).toBe(1);

    for (let read = 2; read <= 6; read += 1) {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(799);
      });
      expect(api.reads()).toBe(read - 1);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
      expect(api.reads()).toBe(read);
    }
    expect(screen.getByRole('dialog', { name: 'Order placed' })).toHaveAttribute('open');
    expect(screen.getByRole('button', { name: 'Go to Orders' })).toBeVisible();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(api.reads()).toBe(6);
  });

  it('stops after 6 reads even when the order never shows paid', async () => {
    const razorpay = fakeRazorpay();
    const api = paymentApi({ paidAfter: 99 });
    await userEvent.click(await openCheckout());
    await waitFor(() => expect(razorpay.opened).toHaveLength(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => razorpay.last()?.handler(success));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20_000);
    });
    expect(api.reads()).toBe(6);
  });

  it('a refused verification says so and re-enables the button', async () => {
    const razorpay = fakeRazorpay();
    paymentApi({ verify: () => json(400, null) });
    await userEvent.click(await openCheckout());
    await waitFor(() => expect(razorpay.opened).toHaveLength(1));
    act(() => razorpay.last()?.handler(success));
    expect(await screen.findByRole('alert')).toHaveTextContent('Payment verification failed.');
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });

  it.each([
    [json(409, { message: 'This order is already paid.' }), 'This order is already paid.'],
    [json(502, null), 'Failed to start checkout.'],
    [json(200, { message: 'Checkout started' }), 'Unable to start checkout.'],
  ])('a checkout that cannot start says why', async (answer, message) => {
    fakeRazorpay();
    stubFetch((request) =>
      request.path === '/api/payments/checkout'
        ? answer.clone()
        : json(200, { order: apiOrder({ id: 'ord-1' }) }),
    );
    await userEvent.click(await openCheckout());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeEnabled();
  });
});
