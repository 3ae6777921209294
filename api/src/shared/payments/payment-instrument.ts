import { createHmac } from 'node:crypto';

/**
 * The fingerprint of the instrument a payment was made with (PaymentVerified.instrument): an
 * HMAC-SHA256, under a key kept outside the event store, of the method and the provider's id of
 * the instrument. Razorpay's payment entity names it as `card_id` for a card and `vpa` for UPI
 * (https://razorpay.com/docs/api/payments/entity). Netbanking and wallet payments carry only the
 * bank's code or the wallet's name, shared by every customer of that bank or wallet, so they get
 * no fingerprint: comparing them would flag strangers.
 */
export interface InstrumentIds {
  method: string | null;
  cardId: string | null;
  vpa: string | null;
}

/** The key fingerprints are made with: PAYMENT_INSTRUMENT_KEY, else one derived from JWT_SECRET. */
export function instrumentKey(config: {
  paymentInstrumentKey: string | null;
  jwtSecret: string | null;
}): string {
  if (config.paymentInstrumentKey !== null) return config.paymentInstrumentKey;
  if (config.jwtSecret === null) throw new Error('Payment fingerprints need config.jwtSecret');
  return createHmac('sha256', config.jwtSecret)
    .update('shortlist:payment-instrument')
    .digest('base64url');
}

/** Undefined when the payment names no instrument of its own. */
export function instrumentFingerprint(key: string, ids: InstrumentIds): string | undefined {
  const id =
    ids.method === 'card'
      ? ids.cardId
      : ids.method === 'upi'
        ? // A UPI id is case-insensitive: one payer whichever way it was typed.
          (ids.vpa?.trim().toLowerCase() ?? null)
        : null;
  if (id === null || id === '') return undefined;
  return createHmac('sha256', key).update(`${ids.method}:${id}`).digest('base64url');
}
