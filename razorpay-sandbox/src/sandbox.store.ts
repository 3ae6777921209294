import { createHash } from 'node:crypto';
import type pg from 'pg';
import {
  nowSeconds,
  type PaymentInstrument,
  type SandboxOrder,
  type SandboxPayment,
  type SandboxRefund,
  toOrder,
  toPayment,
  toRefund,
  transaction,
} from './sandbox.schema';
import { razorpayId } from './sandbox-ids';

/** The sandbox's operations, each in one transaction, with Razorpay's refusals. */

/** A request Razorpay would refuse; answered as `{ error: { code, description, … } }`. */
export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    description: string,
    readonly field: string | null = null,
    readonly code = 'BAD_REQUEST_ERROR',
  ) {
    super(description);
    this.name = 'SandboxError';
  }
}

const ERRORS = {
  notFound: 'The id provided does not exist',
  alreadyPaid: 'Order has already been paid',
  notCaptured: 'The payment has not been captured',
  fullyRefunded: 'The payment has been fully refunded already',
  refundTooLarge: 'The refund amount provided is greater than amount captured',
  idempotencyMismatch:
    'Different request with the same idempotency key has already been processed.',
} as const;

export async function insertOrder(
  pool: pg.Pool,
  keyId: string,
  input: {
    amount: number;
    currency: string;
    receipt: string | null;
    notes: Record<string, string>;
  },
): Promise<SandboxOrder> {
  const { rows } = await pool.query(
    `INSERT INTO razorpay_sandbox.orders (id, key_id, amount, currency, receipt, notes, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [
      razorpayId('order'),
      keyId,
      input.amount,
      input.currency,
      input.receipt,
      JSON.stringify(input.notes),
      nowSeconds(),
    ],
  );
  return toOrder(rows[0] ?? {});
}

async function lockedOrder(client: pg.ClientBase, keyId: string, orderId: string) {
  const { rows } = await client.query(
    'SELECT * FROM razorpay_sandbox.orders WHERE id = $1 AND key_id = $2 FOR UPDATE',
    [orderId, keyId],
  );
  const row = rows[0];
  if (row === undefined) throw new SandboxError(400, ERRORS.notFound, 'id');
  return toOrder(row);
}

export async function findOrder(
  pool: pg.Pool,
  keyId: string,
  orderId: string,
): Promise<SandboxOrder> {
  const { rows } = await pool.query(
    'SELECT * FROM razorpay_sandbox.orders WHERE id = $1 AND key_id = $2',
    [orderId, keyId],
  );
  const row = rows[0];
  if (row === undefined) throw new SandboxError(400, ERRORS.notFound, 'id');
  return toOrder(row);
}

export async function findPayment(
  pool: pg.Pool,
  keyId: string,
  paymentId: string,
): Promise<{ payment: SandboxPayment; order: SandboxOrder }> {
  const { rows } = await pool.query(
    `SELECT p.* FROM razorpay_sandbox.payments p
     JOIN razorpay_sandbox.orders o ON o.id = p.order_id
     WHERE p.id = $1 AND o.key_id = $2`,
    [paymentId, keyId],
  );
  const row = rows[0];
  if (row === undefined) throw new SandboxError(400, ERRORS.notFound, 'id');
  const payment = toPayment(row);
  return { payment, order: await findOrder(pool, keyId, payment.orderId) };
}

export async function ordersWithReceipt(
  pool: pg.Pool,
  keyId: string,
  receipt: string,
): Promise<SandboxOrder[]> {
  const { rows } = await pool.query(
    'SELECT * FROM razorpay_sandbox.orders WHERE receipt = $1 AND key_id = $2 ORDER BY created_at',
    [receipt, keyId],
  );
  return rows.map(toOrder);
}

export interface Attempt {
  method: string;
  email: string | null;
  contact: string | null;
  instrument: PaymentInstrument;
}

const instrumentValues = (instrument: PaymentInstrument) => [
  instrument.cardId,
  instrument.cardLast4,
  instrument.cardNetwork,
  instrument.vpa,
];

/** The customer paid: one captured payment, the order paid in full (auto-capture). */
export async function captureOrder(
  pool: pg.Pool,
  keyId: string,
  orderId: string,
  attempt: Attempt,
): Promise<{ order: SandboxOrder; payment: SandboxPayment }> {
  return transaction(pool, async (client) => {
    const order = await lockedOrder(client, keyId, orderId);
    if (order.status === 'paid') throw new SandboxError(400, ERRORS.alreadyPaid, 'order_id');
    const { rows } = await client.query(
      `INSERT INTO razorpay_sandbox.payments
         (id, order_id, amount, currency, status, method, email, contact, created_at,
          card_id, card_last4, card_network, vpa)
       VALUES ($1, $2, $3, $4, 'captured', $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
      [
        razorpayId('pay'),
        order.id,
        order.amount,
        order.currency,
        attempt.method,
        attempt.email,
        attempt.contact,
        nowSeconds(),
        ...instrumentValues(attempt.instrument),
      ],
    );
    const updated = await client.query(
      `UPDATE razorpay_sandbox.orders
       SET amount_paid = amount, status = 'paid', attempts = attempts + 1
       WHERE id = $1 RETURNING *`,
      [order.id],
    );
    return { order: toOrder(updated.rows[0] ?? {}), payment: toPayment(rows[0] ?? {}) };
  });
}

/** The customer's attempt failed: a failed payment, the order stays payable. */
export async function failOrder(
  pool: pg.Pool,
  keyId: string,
  orderId: string,
  attempt: Attempt & { reason: string; description: string },
): Promise<{ order: SandboxOrder; payment: SandboxPayment }> {
  return transaction(pool, async (client) => {
    const order = await lockedOrder(client, keyId, orderId);
    if (order.status === 'paid') throw new SandboxError(400, ERRORS.alreadyPaid, 'order_id');
    const { rows } = await client.query(
      `INSERT INTO razorpay_sandbox.payments
         (id, order_id, amount, currency, status, method, error_code, error_description,
          error_reason, email, contact, created_at, card_id, card_last4, card_network, vpa)
       VALUES ($1, $2, $3, $4, 'failed', $5, 'BAD_REQUEST_ERROR', $6, $7, $8, $9, $10,
               $11, $12, $13, $14)
       RETURNING *`,
      [
        razorpayId('pay'),
        order.id,
        order.amount,
        order.currency,
        attempt.method,
        attempt.description,
        attempt.reason,
        attempt.email,
        attempt.contact,
        nowSeconds(),
        ...instrumentValues(attempt.instrument),
      ],
    );
    const updated = await client.query(
      `UPDATE razorpay_sandbox.orders SET status = 'attempted', attempts = attempts + 1
       WHERE id = $1 RETURNING *`,
      [order.id],
    );
    return { order: toOrder(updated.rows[0] ?? {}), payment: toPayment(rows[0] ?? {}) };
  });
}

export interface RefundRequest {
  amount: number | null;
  speed: string;
  notes: Record<string, string>;
  receipt: string | null;
}

export interface RefundOutcome {
  refund: SandboxRefund;
  payment: SandboxPayment;
  order: SandboxOrder;
  /** false when an idempotent retry returned the refund made earlier. */
  created: boolean;
}

export async function refundPayment(
  pool: pg.Pool,
  keyId: string,
  paymentId: string,
  request: RefundRequest,
  idempotencyKey: string | null,
): Promise<RefundOutcome> {
  const requestHash = createHash('sha256')
    .update(JSON.stringify([paymentId, request]))
    .digest('hex');
  return transaction(pool, async (client) => {
    // Locking the payment first serialises refunds of one payment, so two requests with one
    // idempotency key cannot both miss the other's row.
    const { rows } = await client.query(
      `SELECT p.* FROM razorpay_sandbox.payments p
       JOIN razorpay_sandbox.orders o ON o.id = p.order_id
       WHERE p.id = $1 AND o.key_id = $2 FOR UPDATE OF p`,
      [paymentId, keyId],
    );
    const paymentRow = rows[0];
    if (paymentRow === undefined) throw new SandboxError(400, ERRORS.notFound, 'id');
    const payment = toPayment(paymentRow);
    const order = await lockedOrder(client, keyId, payment.orderId);
    if (idempotencyKey !== null) {
      const earlier = await client.query(
        'SELECT * FROM razorpay_sandbox.refunds WHERE idempotency_key = $1',
        [idempotencyKey],
      );
      const row = earlier.rows[0];
      if (row !== undefined) {
        if (row.request_hash !== requestHash) {
          throw new SandboxError(400, ERRORS.idempotencyMismatch);
        }
        return { refund: toRefund(row), payment, order, created: false };
      }
    }
    if (payment.status !== 'captured') throw new SandboxError(400, ERRORS.notCaptured);
    const left = payment.amount - payment.amountRefunded;
    if (left <= 0) throw new SandboxError(400, ERRORS.fullyRefunded);
    const amount = request.amount ?? left;
    if (amount > left) throw new SandboxError(400, ERRORS.refundTooLarge, 'amount');
    const inserted = await client.query(
      `INSERT INTO razorpay_sandbox.refunds
         (id, payment_id, amount, currency, notes, receipt, speed_requested, idempotency_key,
          request_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
      [
        razorpayId('rfnd'),
        payment.id,
        amount,
        payment.currency,
        JSON.stringify(request.notes),
        request.receipt,
        request.speed,
        idempotencyKey,
        requestHash,
        nowSeconds(),
      ],
    );
    const updated = await client.query(
      `UPDATE razorpay_sandbox.payments SET amount_refunded = amount_refunded + $2
       WHERE id = $1 RETURNING *`,
      [payment.id, amount],
    );
    return {
      refund: toRefund(inserted.rows[0] ?? {}),
      payment: toPayment(updated.rows[0] ?? {}),
      order,
      created: true,
    };
  });
}

export async function refundsOf(pool: pg.Pool, paymentId: string): Promise<SandboxRefund[]> {
  const { rows } = await pool.query(
    'SELECT * FROM razorpay_sandbox.refunds WHERE payment_id = $1 ORDER BY created_at',
    [paymentId],
  );
  return rows.map(toRefund);
}
