import { api } from '@shortlist/web-kit';

/** SPEC §3 "Payment verify payload". */
export interface PaymentProof {
  orderId: string;
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** POST /api/payments/verify. */
export async function verifyPayment(proof: PaymentProof): Promise<void> {
  await api.post('/payments/verify', proof);
}
