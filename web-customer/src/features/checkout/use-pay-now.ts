import type { OrderView } from '@shortlist/domain/contract';
import {
  type CheckoutStart,
  getOrderRoute,
  startCheckoutRoute,
  verifyPaymentRoute,
} from '@shortlist/domain/contract';
import { ApiError, callApi, errorMessage, useApiCache, useApiClient } from '@shortlist/web-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { flowMessages } from '../../shared/flow-messages';
import { loadCheckoutScript, type RazorpaySuccess } from './load-checkout-script';
import { waitUntilPaid } from './wait-until-paid';

const copy = flowMessages.checkout;

export interface PayNow {
  /** Starts a payment; ignored while one is open (SPEC §4: one attempt at a time). */
  pay: (orderId: string) => void;
  /** The order being paid, or null: Pay Now buttons are disabled while it is set. */
  payingId: string | null;
  error: string | null;
  clearError: () => void;
}

/**
 * SPEC §4 checkout flow: start the checkout, load the provider's script, open it; on success
 * verify the signature and read the order until it is paid, then `onPaid`. A dismissed or
 * failed payment releases the button.
 */
export function usePayNow(onPaid: (orderId: string, order: OrderView | null) => void): PayNow {
  const client = useApiClient();
  const cache = useApiCache();
  const [payingId, setPayingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const active = useRef(false);
  const mounted = useRef(true);
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const hold = useCallback((orderId: string) => {
    active.current = true;
    setPayingId(orderId);
    setError(null);
  }, []);

  const release = useCallback((message: string | null = null) => {
    active.current = false;
    if (!mounted.current) return;
    setPayingId(null);
    setError(message);
  }, []);

  const finish = useCallback(
    async (orderId: string, response: RazorpaySuccess) => {
      hold(orderId);
      try {
        await callApi(client, verifyPaymentRoute, {
          body: {
            orderId,
            razorpay_order_id: response.razorpay_order_id,
            razorpay_payment_id: response.razorpay_payment_id,
            razorpay_signature: response.razorpay_signature,
          },
        });
      } catch (failure) {
        release(errorMessage(failure, copy.verifyFailed));
        return;
      }
      const order = await waitUntilPaid(client, orderId);
      // Only now, with the order read paid (or the reads spent): the last read is the order's
      // page, and every other screen that showed it unpaid (Orders, Profile counts), even one
      // visited seconds ago, reads again.
      if (order) cache.set(getOrderRoute, { params: { id: orderId } }, { order });
      await cache.refreshAfter(verifyPaymentRoute);
      release();
      if (mounted.current) onPaidRef.current(orderId, order);
    },
    [client, cache, hold, release],
  );

  const pay = useCallback(
    async (orderId: string) => {
      if (active.current) return;
      hold(orderId);
      let start: CheckoutStart;
      try {
        start = await callApi(client, startCheckoutRoute, { body: { orderId } });
      } catch (failure) {
        // A 2xx answer that breaks the contract cannot start a payment: "unable"; a refusal
        // is "failed".
        release(
          failure instanceof ApiError
            ? errorMessage(failure, copy.startFailed)
            : copy.unableToStart,
        );
        return;
      }
      try {
        const Razorpay = await loadCheckoutScript(start.checkoutScriptUrl);
        const { razorpay } = start;
        const checkout = new Razorpay({
          key: razorpay.key,
          amount: razorpay.amount,
          currency: razorpay.currency,
          name: 'Shortlist',
          description: razorpay.description,
          order_id: razorpay.order_id,
          prefill: razorpay.prefill,
          method: {
            upi: true,
            card: true,
            netbanking: true,
            wallet: true,
            emi: false,
            paylater: false,
          },
          theme: { color: '#0b63c5' },
          handler: (response) => {
            void finish(orderId, response);
          },
          modal: { ondismiss: () => release() },
        });
        // SPEC §8: the provider's own words when it gives them, else the catalogue's checkout text.
        checkout.on('payment.failed', (response) =>
          release(failureDescription(response) ?? copy.verifyFailed),
        );
        checkout.open();
      } catch {
        release(copy.unableToStart);
      }
    },
    [client, finish, hold, release],
  );

  return {
    pay: (orderId) => {
      void pay(orderId);
    },
    payingId,
    error,
    clearError: () => setError(null),
  };
}

/** Razorpay's `payment.failed` carries `{ error: { description } }`, meant for the payer. */
function failureDescription(response: unknown): string | null {
  if (typeof response !== 'object' || response === null || !('error' in response)) return null;
  const { error } = response;
  if (typeof error !== 'object' || error === null || !('description' in error)) return null;
  const { description } = error;
  return typeof description === 'string' && description.trim() !== '' ? description : null;
}
