import type { AddressInfo } from 'node:net';
import { placeServiceOrder } from '../../testing/admin-test-kit';
import {
  createOrdersTestApp,
  markPaid,
  type OrdersTestApp,
  registerUser,
  type TestUser,
} from '../../testing/orders-test-kit';

export interface UploadWorld {
  t: OrdersTestApp;
  /** A customer, who uploads resumes with service orders. */
  alice: TestUser;
  /** An admin, who attaches deliveries to paid orders. */
  admin: TestUser;
  /** Alice's paid review order: where the admin's attachments go. */
  paidOrderId: string;
  /** The app listening on 127.0.0.1, for tests that speak raw HTTP to both upload routes. */
  port: number;
}

export async function startUploadWorld(): Promise<UploadWorld> {
  const t = await createOrdersTestApp();
  const alice = await registerUser(t);
  const admin = await registerUser(t, { role: 'admin' });
  const paidOrderId = await placeServiceOrder(t, alice, 'resume_review');
  await markPaid(t, paidOrderId);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { t, alice, admin, paidOrderId, port };
}
