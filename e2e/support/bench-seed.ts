import { apiCall, tinyPdf } from './customer-api';

/**
 * Orders made the way the apps make them, through the running server's HTTP API: placed by a
 * customer, paid in the local Razorpay sandbox, delivered by an admin. The layout checks and
 * `bench:web` need screens full of real rows, with the longest names a customer may give.
 */

/** A file name a customer might upload: long, with no space to break at. */
export const LONG_FILE_NAME =
  'Meera_Rao_Senior_Data_Analyst_Resume_final_version_2026_with_portfolio_links.pdf';

/** POST /api/orders/service with a PDF, as the home and pricing dialogs send it. */
export async function placeServiceOrder(
  baseUrl: string,
  token: string,
  options: { service: 'resume_review' | 'resume_rewrite'; fileName: string },
): Promise<string> {
  const form = new FormData();
  form.append('service', options.service);
  form.append('description', '');
  form.append('currency', 'inr');
  form.append(
    'file',
    new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }),
    options.fileName,
  );
  const response = await fetch(`${baseUrl}/api/orders/service`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`placing an order failed: ${response.status}`);
  return ((await response.json()) as { orderId: string }).orderId;
}

/** Checkout, the sandbox's Pay button, then verify: what the checkout screen does. */
export async function payOrder(baseUrl: string, token: string, orderId: string): Promise<void> {
  const start = await apiCall<{ razorpay: { key: string; order_id: string } }>(
    baseUrl,
    '/payments/checkout',
    { token, body: { orderId } },
  );
  if (start.status !== 200) throw new Error(`starting checkout failed: ${start.status}`);
  const pay = await fetch(`${baseUrl}/sandbox/razorpay/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: start.body.razorpay.key, order_id: start.body.razorpay.order_id }),
  });
  if (pay.status !== 200) throw new Error(`the sandbox refused to pay: ${pay.status}`);
  const verified = await apiCall(baseUrl, '/payments/verify', {
    token,
    body: { orderId, ...((await pay.json()) as Record<string, string>) },
  });
  if (verified.status !== 200) throw new Error(`verifying the payment failed: ${verified.status}`);
}

/** An admin delivers a file and marks the order completed. */
export async function deliverOrder(
  baseUrl: string,
  adminToken: string,
  orderId: string,
  fileName: string,
): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(tinyPdf())], { type: 'application/pdf' }), fileName);
  const attached = await fetch(`${baseUrl}/api/admin/orders/${orderId}/attachments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
    body: form,
  });
  if (!attached.ok) throw new Error(`attaching a delivery failed: ${attached.status}`);
  const completed = await apiCall(baseUrl, `/admin/orders/${orderId}`, {
    method: 'PATCH',
    token: adminToken,
    body: { status: 'completed' },
  });
  if (completed.status !== 200) throw new Error(`completing the order failed: ${completed.status}`);
}

/** An admin refunds a paid order that is still pending, as the admin app's Refund button does. */
export async function refundOrder(baseUrl: string, adminToken: string, orderId: string) {
  const refunded = await apiCall(baseUrl, `/admin/orders/${orderId}/refund`, {
    method: 'POST',
    token: adminToken,
  });
  if (refunded.status !== 200) throw new Error(`refunding the order failed: ${refunded.status}`);
}

/** An admin moves an order on to processing. */
export async function startProcessing(baseUrl: string, adminToken: string, orderId: string) {
  const changed = await apiCall(baseUrl, `/admin/orders/${orderId}`, {
    method: 'PATCH',
    token: adminToken,
    body: { status: 'processing' },
  });
  if (changed.status !== 200) throw new Error(`setting processing failed: ${changed.status}`);
}
