import { validResumePayload } from '@shortlist/domain/testing';
import { expectStatus, loopbackAddress, requestJson } from './api-http';

/** A customer's session as register answers it. */
export interface Customer {
  email: string;
  password: string;
  token: string;
  id: string;
}

let nextAddress = 0;
/** Each seeding call comes from the next loopback address (see api-http.ts). */
const from = () => loopbackAddress(nextAddress++);

export async function registerCustomer(
  url: string,
  email: string,
  password: string,
): Promise<Customer> {
  const body = expectStatus(
    await requestJson<{ token: string; user: { id: string } }>(`${url}/api/register`, {
      body: { name: 'Bench Customer', email, password, cpassword: password },
      from: from(),
    }),
    201,
    `register ${email}`,
  );
  return { email, password, token: body.token, id: body.user.id };
}

/** The builder's form, filled as a customer fills it: what POST /api/resume receives. */
export function resumeFor(customer: Customer) {
  const resume = validResumePayload();
  return {
    ...resume,
    personal: { ...resume.personal, pid: customer.id, email: customer.email },
  };
}

export async function placeResumeOrder(url: string, customer: Customer): Promise<string> {
  const body = expectStatus(
    await requestJson<{ orderId: string }>(`${url}/api/resume`, {
      body: resumeFor(customer),
      token: customer.token,
      from: from(),
    }),
    201,
    'place a resume order',
  );
  return body.orderId;
}

/** Checkout, the sandbox's Pay button and verify, as the checkout screen does them. */
export async function payOrder(url: string, customer: Customer, orderId: string): Promise<void> {
  const address = from();
  const start = expectStatus(
    await requestJson<{ razorpay: { key: string; order_id: string } }>(
      `${url}/api/payments/checkout`,
      { body: { orderId }, token: customer.token, from: address },
    ),
    200,
    'start checkout',
  );
  const paid = expectStatus(
    await requestJson<Record<string, string>>(`${url}/sandbox/razorpay/checkout/pay`, {
      body: { key: start.razorpay.key, order_id: start.razorpay.order_id },
      from: address,
    }),
    200,
    'pay in the sandbox',
  );
  expectStatus(
    await requestJson(`${url}/api/payments/verify`, {
      body: { orderId, ...paid },
      token: customer.token,
      from: address,
    }),
    200,
    'verify the payment',
  );
}

export async function login(url: string, email: string, password: string): Promise<string> {
  const body = expectStatus(
    await requestJson<{ token: string }>(`${url}/api/login`, {
      body: { email, password },
      from: from(),
    }),
    200,
    `login ${email}`,
  );
  return body.token;
}
