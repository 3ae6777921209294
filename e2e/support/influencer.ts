import { request } from 'node:http';
import { tinyPdf } from './customer-api';

/**
 * The influencer journeys' helpers: HTTP calls to the running server as other people make them.
 * The server limits registrations (10 a minute) and checkouts (30 a minute) per client address,
 * so the many referred customers a payout threshold needs each call from their own loopback
 * address (127.0.0.2, 127.0.0.3, …: Linux routes all of 127/8 to the loopback device), the way
 * real customers arrive from their own addresses.
 */

interface Answer<T> {
  status: number;
  body: T;
}

/** One HTTP call from `localAddress`; a JSON body, or raw bytes with their content type. */
function callFrom<T = Record<string, unknown>>(
  baseUrl: string,
  path: string,
  options: {
    method?: string;
    token?: string;
    json?: unknown;
    raw?: { bytes: Buffer; contentType: string };
    localAddress?: string;
  } = {},
): Promise<Answer<T>> {
  const url = new URL(path, baseUrl);
  const headers: Record<string, string> = { accept: 'application/json' };
  let payload: Buffer | undefined;
  if (options.json !== undefined) {
    payload = Buffer.from(JSON.stringify(options.json));
    headers['content-type'] = 'application/json';
  } else if (options.raw) {
    payload = options.raw.bytes;
    headers['content-type'] = options.raw.contentType;
  }
  if (payload) headers['content-length'] = String(payload.length);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers,
        localAddress: options.localAddress,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: incoming.statusCode ?? 0, body: (text ? JSON.parse(text) : {}) as T });
        });
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

function expectStatus(answer: Answer<unknown>, status: number, what: string): void {
  if (answer.status !== status) {
    throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
}

/**
 * A customer who registers with the referral code and pays for a resume review in the Razorpay
 * sandbox, all through the API as the customer app calls it. Answers the order id.
 */
async function referredPaidReview(
  baseUrl: string,
  referralCode: string,
  email: string,
  localAddress: string,
): Promise<string> {
  const password = 'referred-pass-1';
  const registered = await callFrom<{ token: string }>(baseUrl, '/api/register', {
    json: { name: email.split('@')[0], email, password, cpassword: password, referralCode },
    localAddress,
  });
  expectStatus(registered, 201, `registering ${email}`);
  const token = registered.body.token;

  const form = new FormData();
  form.append('service', 'resume_review');
  form.append('description', '');
  form.append('currency', 'inr');
  form.append('file', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), 'cv.pdf');
  const encoded = new Response(form);
  const placed = await callFrom<{ orderId: string }>(baseUrl, '/api/orders/service', {
    token,
    raw: {
      bytes: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type') ?? 'multipart/form-data',
    },
    localAddress,
  });
  expectStatus(placed, 201, `placing ${email}'s review`);
  const { orderId } = placed.body;

  const checkout = await callFrom<{ razorpay: { key: string; order_id: string } }>(
    baseUrl,
    '/api/payments/checkout',
    { token, json: { orderId }, localAddress },
  );
  expectStatus(checkout, 200, 'starting checkout');
  const paid = await callFrom<Record<string, string>>(baseUrl, '/sandbox/razorpay/checkout/pay', {
    json: { key: checkout.body.razorpay.key, order_id: checkout.body.razorpay.order_id },
    localAddress,
  });
  expectStatus(paid, 200, 'paying in the sandbox');
  const verified = await callFrom(baseUrl, '/api/payments/verify', {
    token,
    json: { orderId, ...paid.body },
    localAddress,
  });
  expectStatus(verified, 200, 'verifying the payment');
  return orderId;
}

/**
 * `count` referred customers with a paid review each: what the SPEC §9 thresholds (50
 * registrations, ₹2,500 at ₹50 each) take. Eight customers per loopback address keeps each
 * address under the register limit; a few run at once.
 */
export async function seedReferredReviews(
  baseUrl: string,
  referralCode: string,
  count: number,
  { prefix = 'referred', parallel = 4 } = {},
): Promise<string[]> {
  const orders: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const address = `127.0.0.${10 + Math.floor(index / 8)}`;
      orders.push(
        await referredPaidReview(
          baseUrl,
          referralCode,
          `${prefix}-${index}@customers.test`,
          address,
        ),
      );
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return orders;
}
