import type pg from 'pg';

/**
 * The sandbox's books, in PostgreSQL (schema `razorpay_sandbox`) rather than memory so that a
 * restart of the embedded server keeps the provider orders our event store refers to: a
 * customer who reloads the page after a restart can still pay the order they were shown.
 */

type SandboxOrderStatus = 'created' | 'attempted' | 'paid';

export interface SandboxOrder {
  id: string;
  keyId: string;
  amount: number;
  amountPaid: number;
  currency: string;
  receipt: string | null;
  status: SandboxOrderStatus;
  attempts: number;
  notes: Record<string, string>;
  createdAt: number;
}

export interface SandboxPayment {
  id: string;
  orderId: string;
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  method: string;
  amountRefunded: number;
  errorCode: string | null;
  errorDescription: string | null;
  errorReason: string | null;
  email: string | null;
  contact: string | null;
  /** What paid (sandbox-instruments.ts); all null for netbanking, wallets and older payments. */
  cardId: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
  vpa: string | null;
  createdAt: number;
}

/** What paid, in the payment entity's words (sandbox-instruments.ts). */
export interface PaymentInstrument {
  cardId: string | null;
  cardLast4: string | null;
  cardNetwork: string | null;
  vpa: string | null;
}

export interface SandboxRefund {
  id: string;
  paymentId: string;
  amount: number;
  currency: string;
  notes: Record<string, string>;
  receipt: string | null;
  speedRequested: string;
  createdAt: number;
}

export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export function toOrder(row: Record<string, unknown>): SandboxOrder {
  return {
    id: String(row.id),
    keyId: String(row.key_id),
    amount: Number(row.amount),
    amountPaid: Number(row.amount_paid),
    currency: String(row.currency),
    receipt: row.receipt === null ? null : String(row.receipt),
    status: String(row.status) as SandboxOrderStatus,
    attempts: Number(row.attempts),
    notes: (row.notes ?? {}) as Record<string, string>,
    createdAt: Number(row.created_at),
  };
}

export function toPayment(row: Record<string, unknown>): SandboxPayment {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return {
    id: String(row.id),
    orderId: String(row.order_id),
    amount: Number(row.amount),
    currency: String(row.currency),
    status: row.status === 'captured' ? 'captured' : 'failed',
    method: String(row.method),
    amountRefunded: Number(row.amount_refunded),
    errorCode: text(row.error_code),
    errorDescription: text(row.error_description),
    errorReason: text(row.error_reason),
    email: text(row.email),
    contact: text(row.contact),
    cardId: text(row.card_id),
    cardLast4: text(row.card_last4),
    cardNetwork: text(row.card_network),
    vpa: text(row.vpa),
    createdAt: Number(row.created_at),
  };
}

export function toRefund(row: Record<string, unknown>): SandboxRefund {
  return {
    id: String(row.id),
    paymentId: String(row.payment_id),
    amount: Number(row.amount),
    currency: String(row.currency),
    notes: (row.notes ?? {}) as Record<string, string>,
    receipt: row.receipt === null ? null : String(row.receipt),
    speedRequested: String(row.speed_requested),
    createdAt: Number(row.created_at),
  };
}
