// First: the server must load React as production does (production-env.ts says why).
import './production-env';
import { freePort } from '@shortlist/api/testing';
import { startBenchServer } from './api-bench-server';
import { registerCustomer, resumeFor } from './api-seed';

/*
 * npm run bench:read-your-writes — read-your-writes under load, counted. Customers at once
 * (BENCH_CUSTOMERS, default 24) each place an order and at once read their order history with
 * the order's consistency token, as the web apps do, ROUNDS times (BENCH_ROUNDS, default 15).
 * Prints how many of those reads answered without the order just placed: it must be 0. (Before
 * the token was capped at the store's committed end, 11 of 2,400 did in six runs, on two cores.)
 */
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 24);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const TOKEN_HEADER = 'consistency-token';

const server = await startBenchServer(await freePort(), await freePort());
try {
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    customers.push(await registerCustomer(server.url, `ryw-${i}@bench.test`, 'bench-pass-123'));
  }
  let reads = 0;
  let withoutTheOrder = 0;
  const started = performance.now();
  await Promise.all(
    customers.map(async (customer) => {
      const auth = { authorization: `Bearer ${customer.token}` };
      let token: string | null = null;
      for (let round = 0; round < ROUNDS; round++) {
        const placed = await fetch(`${server.url}/api/resume`, {
          method: 'POST',
          headers: {
            ...auth,
            'content-type': 'application/json',
            ...(token === null ? {} : { [TOKEN_HEADER]: token }),
          },
          body: JSON.stringify(resumeFor(customer)),
        });
        if (placed.status !== 201) {
          throw new Error(`place an order: HTTP ${placed.status} ${await placed.text()}`);
        }
        token = placed.headers.get(TOKEN_HEADER);
        const { orderId } = (await placed.json()) as { orderId: string };
        const history = await fetch(
          `${server.url}/api/orders/history/${encodeURIComponent(customer.email)}`,
          { headers: { ...auth, ...(token === null ? {} : { [TOKEN_HEADER]: token }) } },
        );
        const { orders } = (await history.json()) as { orders: { id: string }[] };
        reads += 1;
        if (!orders.some((order) => order.id === orderId)) withoutTheOrder += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `${CUSTOMERS} customers × ${ROUNDS} rounds in ${seconds.toFixed(1)} s: ${reads} reads with the order's token, ${withoutTheOrder} answered without the order (goal 0)`,
  );
  process.exitCode = withoutTheOrder === 0 ? 0 : 1;
} finally {
  await server.close();
}
