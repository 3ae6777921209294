import { createTestDatabase, type TestDatabase } from '@shortlist/eventstore/testing';
import {
  createRazorpaySandbox,
  type RazorpaySandbox,
  razorpaySandboxRoutes,
} from '@shortlist/razorpay-sandbox';
import Fastify, { type FastifyInstance } from 'fastify';
import { testPaymentProvider } from './payment-provider.contract';
import { createRazorpayProvider } from './razorpay.provider';
import { createSandboxProvider } from './sandbox.provider';

// The contract against the sandbox, reached two ways: the real razorpay SDK over HTTP (the
// sandbox must speak Razorpay's wire protocol well enough for it), and in process.
const KEY_ID = 'rzp_test_Sandbox0contract';
const KEY_SECRET = 'sandbox_contract_secret';
const PREFIX = '/sandbox/razorpay';

interface Running {
  database: TestDatabase;
  sandbox: RazorpaySandbox;
  app: FastifyInstance;
  baseURL: string;
}

async function startSandbox(): Promise<Running> {
  const database = await createTestDatabase('api_rzp_contract');
  const sandbox = await createRazorpaySandbox({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: 'unused',
    database: { connectionString: database.url },
    webhookUrl: null,
  });
  const app = Fastify();
  await app.register(razorpaySandboxRoutes, { prefix: PREFIX, sandbox });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { database, sandbox, app, baseURL: `${address}${PREFIX}` };
}

async function stop(running: Running): Promise<void> {
  await running.app.close();
  await running.sandbox.close();
  await running.database.drop();
}

testPaymentProvider(
  'razorpay SDK against the sandbox over HTTP',
  async () => {
    const running = await startSandbox();
    const sdk = (keySecret: string) =>
      createRazorpayProvider({
        keyId: KEY_ID,
        keySecret,
        baseURL: running.baseURL,
        checkoutScriptUrl: `${running.baseURL}/checkout.js`,
      });
    return {
      provider: sdk(KEY_SECRET),
      withWrongSecret: sdk('wrong-secret'),
      pay: async (providerOrderId, method) =>
        (await running.sandbox.pay(providerOrderId, { method })).razorpay_payment_id,
      close: () => stop(running),
    };
  },
  { canPay: true },
);

testPaymentProvider(
  'sandbox in process',
  async () => {
    const running = await startSandbox();
    return {
      provider: createSandboxProvider(running.sandbox, {
        checkoutScriptUrl: `${PREFIX}/checkout.js`,
      }),
      // In process no secret is presented, so the wrong-secret case goes through the HTTP face.
      withWrongSecret: createRazorpayProvider({
        keyId: KEY_ID,
        keySecret: 'wrong-secret',
        baseURL: running.baseURL,
      }),
      pay: async (providerOrderId, method) =>
        (await running.sandbox.pay(providerOrderId, { method })).razorpay_payment_id,
      close: () => stop(running),
    };
  },
  { canPay: true },
);
