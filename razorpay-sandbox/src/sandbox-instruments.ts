import type { PaymentInstrument } from './sandbox.schema';
import { SandboxError } from './sandbox.store';
import { razorpayId, razorpayIdSuffix, stableRazorpayId } from './sandbox-ids';

/**
 * What a sandbox payment was made with, in the fields Razorpay's payment entity carries
 * (https://razorpay.com/docs/api/payments/entity): `card_id` and the card entity's `last4` and
 * `network` for a card, `vpa` for UPI. The payer may type a card number or a UPI id in the
 * sandbox's checkout, so tests and people can pay twice with one instrument or with two:
 * - a typed card number always gets the same card id (within one key), the way a card Razorpay
 *   knows again (a saved card) does; the number itself is never stored;
 * - no card number: a card id of its own, as Razorpay gives a card entity to a card it has not
 *   seen;
 * - no UPI id: a payer UPI id of its own, so untyped payments never look like one payer.
 */

/** What the payer chose and typed. */
export interface InstrumentInput {
  method: string;
  /** As typed: spaces and dashes are allowed. */
  card: string | null;
  vpa: string | null;
}

// Razorpay's own wording for these refusals.
const INVALID_CARD = 'Your payment has been cancelled as the card number is invalid.';
const INVALID_VPA = 'Invalid VPA. Please enter a valid Virtual Payment Address';

const VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9]{1,63}$/;

/** The Luhn check every card number passes (Razorpay's checkout refuses the others). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function network(digits: string): string {
  if (/^3[47]/.test(digits)) return 'American Express';
  if (digits.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MasterCard';
  if (/^(60|65|81|82|508)/.test(digits)) return 'RuPay';
  return 'Unknown';
}

/** The instrument fields of a payment; refuses a mistyped card number or UPI id as Razorpay does. */
export function paymentInstrument(keyId: string, input: InstrumentInput): PaymentInstrument {
  const none = { cardId: null, cardLast4: null, cardNetwork: null, vpa: null };
  if (input.method === 'card') {
    const typed = input.card?.replace(/[\s-]/g, '') ?? '';
    if (typed === '') {
      return { ...none, cardId: razorpayId('card'), cardLast4: '1111', cardNetwork: 'Visa' };
    }
    if (!/^\d{12,19}$/.test(typed) || !luhnValid(typed)) {
      throw new SandboxError(400, INVALID_CARD, 'card[number]');
    }
    return {
      ...none,
      cardId: stableRazorpayId('card', `${keyId}:${typed}`),
      cardLast4: typed.slice(-4),
      cardNetwork: network(typed),
    };
  }
  if (input.method === 'upi') {
    const typed = input.vpa?.trim() ?? '';
    if (typed === '') return { ...none, vpa: `payer.${razorpayIdSuffix().toLowerCase()}@razorpay` };
    if (!VPA_PATTERN.test(typed)) throw new SandboxError(400, INVALID_VPA, 'vpa');
    return { ...none, vpa: typed };
  }
  return none;
}
