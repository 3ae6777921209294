/**
 * How an influencer is paid: a bank account (account number + IFSC, sent by NEFT/IMPS) or a UPI
 * id. Formats are checked before a request is recorded, so an export never carries a transfer a
 * bank would bounce.
 */
export const PAYOUT_METHODS = ['bank', 'upi'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** RBI's IFSC: four letters (the bank), a zero, six letters or digits (the branch). */
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Indian bank account numbers run from 9 to 18 digits. */
export const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
/** A UPI id (VPA): handle@provider, letters, digits, dot, hyphen or underscore in the handle. */
export const UPI_ID_PATTERN = /^[a-zA-Z0-9._-]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/;
export const MOBILE_PATTERN = /^\d{10}$/;

export const PAYMENT_DETAILS_MESSAGES = {
  ifscInvalid: 'Enter a valid IFSC (11 characters, e.g. SBIN0001234).',
  accountInvalid: 'Enter a valid account number (9 to 18 digits).',
  upiInvalid: 'Enter a valid UPI id (e.g. name@bank).',
} as const;

export interface PaymentDetails {
  method: PayoutMethod;
  payeeName: string;
  mobile: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  upiId: string;
}

/** The first problem with these details, or null; values are compared trimmed. */
export function paymentDetailsProblem(details: PaymentDetails): string | null {
  if (details.method === 'bank') {
    if (!ACCOUNT_NUMBER_PATTERN.test(details.accountNumber.trim())) {
      return PAYMENT_DETAILS_MESSAGES.accountInvalid;
    }
    if (!IFSC_PATTERN.test(details.ifsc.trim().toUpperCase())) {
      return PAYMENT_DETAILS_MESSAGES.ifscInvalid;
    }
    return null;
  }
  if (!UPI_ID_PATTERN.test(details.upiId.trim())) return PAYMENT_DETAILS_MESSAGES.upiInvalid;
  return null;
}
