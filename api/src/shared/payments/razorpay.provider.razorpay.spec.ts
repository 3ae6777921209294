import { randomUUID } from 'node:crypto';
import { testPaymentProvider } from './payment-provider.contract';
import { createRazorpayProvider } from './razorpay.provider';

// The contract against Razorpay's test mode. Runs only in a vitest project that exists when
// RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (test-mode keys, 'rzp_test_…') are set; the cases that
// need a customer to pay are not defined here, since test mode pays only through a browser.
function requiredEnv(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === '') {
    throw new Error(`${name} must be set to run the Razorpay test-mode contract`);
  }
  return value;
}

testPaymentProvider(
  'razorpay SDK against Razorpay test mode',
  async () => {
    const keyId = requiredEnv('RAZORPAY_KEY_ID');
    if (!keyId.startsWith('rzp_test_')) {
      throw new Error(
        'RAZORPAY_KEY_ID must be a test-mode key (rzp_test_…): this suite creates orders',
      );
    }
    const keySecret = requiredEnv('RAZORPAY_KEY_SECRET');
    return {
      provider: createRazorpayProvider({ keyId, keySecret }),
      withWrongSecret: createRazorpayProvider({ keyId, keySecret: `wrong-${randomUUID()}` }),
      close: async () => {},
    };
  },
  { canPay: false },
);
