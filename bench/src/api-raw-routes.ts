import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { ORDER_VIEW_COLUMNS } from '@shortlist/api';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';

/**
 * The baseline: what plain Fastify and pg do on the same database, with no auth, no events and
 * no read models in the way. Each route does the one statement its counterpart's answer needs:
 * an INSERT of an order row, the SELECTs of a customer's history and of the admin's first page
 * (on our own read-model tables, so both read the same rows, and the same columns: the real
 * lists' ORDER_VIEW_COLUMNS, without the resume kept inline, which no list shows), a password
 * check.
 */

export async function startRawServer(databaseUrl: string, port: number): Promise<FastifyInstance> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 16 });
  await pool.query(`CREATE TABLE IF NOT EXISTS raw_orders (
    id uuid PRIMARY KEY,
    user_email text NOT NULL,
    service text NOT NULL,
    status text NOT NULL,
    payment_status text NOT NULL,
    amount numeric NOT NULL,
    currency text NOT NULL,
    resume jsonb,
    created_at timestamptz NOT NULL DEFAULT now()
  )`);
  await pool.query(`CREATE TABLE IF NOT EXISTS raw_users (
    email text PRIMARY KEY,
    password_hash text NOT NULL
  )`);

  const app = Fastify({ logger: false });
  app.addHook('onClose', () => pool.end());

  app.post('/raw/orders', async (request, reply) => {
    const body = request.body as { email?: string; currency?: string };
    const id = randomUUID();
    await pool.query({
      name: 'raw_insert_order',
      text: `INSERT INTO raw_orders (id, user_email, service, status, payment_status, amount, currency, resume)
             VALUES ($1, $2, 'resume_from_scratch', 'pending', 'unpaid', 850, $3, $4)`,
      values: [id, body.email ?? 'raw@bench.test', body.currency ?? 'inr', body],
    });
    return reply.code(201).send({ orderId: id });
  });

  app.get('/raw/orders/history/:email', async (request) => {
    const { email } = request.params as { email: string };
    const { rows } = await pool.query({
      name: 'raw_history',
      text: `SELECT ${ORDER_VIEW_COLUMNS.join(', ')} FROM orders WHERE user_email = $1 AND erased_at IS NULL
             ORDER BY created_at DESC LIMIT 20`,
      values: [email],
    });
    return { orders: rows };
  });

  // The admin's first page: 50 paid orders with their accounts, and how many there are.
  app.get('/raw/admin/orders', async () => {
    const [page, count] = await Promise.all([
      pool.query({
        name: 'raw_admin_orders',
        text: `SELECT ${ORDER_VIEW_COLUMNS.map((column) => `o.${column}`).join(', ')},
                 u.name AS account_name, u.email AS account_email
               FROM orders o LEFT JOIN users u ON u.id = o.user_id
               WHERE o.payment_status = 'paid'
               ORDER BY o.created_at DESC, o.id DESC LIMIT 50`,
      }),
      pool.query<{ count: string }>({
        name: 'raw_admin_count',
        text: `SELECT count(*) FROM orders WHERE payment_status = 'paid'`,
      }),
    ]);
    return { items: page.rows, total: Number(count.rows[0]?.count ?? 0) };
  });

  app.post('/raw/login', async (request, reply) => {
    const { email, password } = request.body as { email: string; password: string };
    const { rows } = await pool.query<{ password_hash: string }>({
      name: 'raw_login',
      text: 'SELECT password_hash FROM raw_users WHERE email = $1',
      values: [email],
    });
    const hash = rows[0]?.password_hash;
    if (!hash || !(await verify(hash, password))) return reply.code(401).send({ ok: false });
    return { ok: true };
  });

  await app.listen({ host: '127.0.0.1', port });
  return app;
}

/** The raw login's accounts: the e-mails the real server has, one hash made the same way. */
export async function seedRawUsers(databaseUrl: string, emails: string[], passwordHash: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query(
      `INSERT INTO raw_users (email, password_hash)
       SELECT unnest($1::text[]), $2 ON CONFLICT (email) DO NOTHING`,
      [emails, passwordHash],
    );
  } finally {
    await pool.end();
  }
}
