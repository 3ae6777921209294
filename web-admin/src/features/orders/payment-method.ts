/**
 * Razorpay's payment method names as an operator reads them (SPEC: UPI, card, netbanking and
 * wallet are the checkout's methods); a method Razorpay adds later shows as it names it.
 */
const METHOD_NAMES: Readonly<Record<string, string>> = {
  upi: 'UPI',
  card: 'Card',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
  emi: 'EMI',
  cardless_emi: 'Cardless EMI',
  paylater: 'Pay later',
  bank_transfer: 'Bank transfer',
};

export function paymentMethodName(method: string): string {
  return Object.hasOwn(METHOD_NAMES, method) ? (METHOD_NAMES[method] ?? method) : method;
}
