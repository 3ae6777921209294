import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { orderStreamName } from '@shortlist/domain';
import type { RecordedEvent } from '@shortlist/eventstore';
import {
  createKysely,
  readReactorCheckpoint,
  silentLogger,
  startReactors,
} from '@shortlist/projections';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBullMqQueue } from '../../queue/bullmq.queue';
import { createInProcessQueue } from '../../queue/in-process.queue';
import type { JobQueue } from '../../queue/job-queue.port';
import { registerUser, type TestUser } from '../../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createMailDeliveries } from '../mail-deliveries';
import { registerMailJob } from '../mail-job';
import { createSmtpMailer } from '../smtp.mailer';
import { onOrder, payOrder, placeOrder, settleMail } from '../testing/mail-test-kit';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server';
import { MAIL_REACTOR, mailReactor } from './mail-reactor';

/**
 * A mail about an event is sent once, however often the event is handled: delivered again to
 * the same reactor, replayed from checkpoint zero into a queue that never saw the jobs (a
 * restarted embedded server), or handled by two API instances at once, each with its own queue.
 */
describe('each mail is sent once', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let dataDir: string;
  let customer: TestUser;
  let admin: TestUser;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-mail-once-'));
    smtp = await startSmtpTestServer();
    t = await createTestApp({
      env: { DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://shortlist.test', SMTP_URL: smtp.url },
    });
    customer = await registerUser(t, { email: `once-${randomUUID().slice(0, 6)}@customers.test` });
    admin = await registerUser(t, {
      role: 'admin',
      email: `ops-${randomUUID().slice(0, 6)}@staff.test`,
    });
  });

  afterAll(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await t?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Another process's mail reactor and mail job: its own queue, the same database and server. */
  function instance(queue: JobQueue) {
    closers.push(() => queue.close());
    const mailer = createSmtpMailer({ url: smtp.url, from: 'support@shortlist.test' });
    closers.push(() => mailer.close());
    registerMailJob(queue, mailer, undefined, createMailDeliveries(t.services.db));
    return reactorOn(queue);
  }

  function reactorOn(queue: JobQueue) {
    return mailReactor({
      store: t.services.store,
      queue,
      logger: silentLogger,
      publicOrigin: 'https://shortlist.test',
      unpaidReminderSeconds: 3600,
      adminEmails: async () => [admin.email],
    });
  }

  async function paidOrderEvents(): Promise<RecordedEvent[]> {
    const orderId = await placeOrder(t, customer);
    // Paid after the "awaiting payment" mail went out (one paid before gets none).
    await settleMail(t);
    await payOrder(t, orderId);
    await onOrder(t, orderId, { type: 'SetOrderStatus', data: { status: 'processing' } });
    await settleMail(t);
    return (await t.services.store.readStream(orderStreamName(orderId))).events;
  }

  const messageIds = () => smtp.received.map((mail) => mail.messageId);

  it('sends nothing more when the same events are delivered again, twice at once (redelivery)', async () => {
    const events = await paidOrderEvents();
    const before = messageIds();
    // placed, receipt, admin's paid order, work started
    expect(before).toHaveLength(4);
    // The app's own reactor again, on its own queue: what a redelivery after a crash does.
    const reactor = reactorOn(t.services.queue);
    for (const event of events) await Promise.all([reactor.handle(event), reactor.handle(event)]);
    await t.services.queue.whenIdle();
    expect(messageIds()).toEqual(before);
  });

  it('sends nothing more when replayed from checkpoint zero into a queue that never saw the jobs (replay)', async () => {
    await paidOrderEvents();
    const before = messageIds();
    const queue = createInProcessQueue({});
    const reactor = instance(queue);
    const db = createKysely({ connectionString: t.databaseUrl, poolMax: 2 });
    const replay = startReactors({
      store: t.services.store,
      db,
      reactors: [{ ...reactor, name: `${MAIL_REACTOR}-replay` }],
      logger: silentLogger,
    });
    try {
      await vi.waitFor(
        async () => {
          const head = await t.services.store.committedHeadPosition();
          const position = await readReactorCheckpoint(t.services.db, `${MAIL_REACTOR}-replay`);
          expect(head !== null && position !== null && position >= head).toBe(true);
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      await replay.stop();
      await db.destroy();
    }
    await queue.whenIdle();
    expect(messageIds()).toEqual(before);
  });

  it('sends each mail once when two instances with their own BullMQ workers handle the same events (two instances)', async () => {
    const prefix = `mail-once-${randomUUID().slice(0, 8)}`;
    const redisUrl = 'redis://127.0.0.1:6379';
    const queues = [
      createBullMqQueue({ redisUrl, prefix }),
      createBullMqQueue({ redisUrl, prefix }),
    ];
    const reactors = queues.map((queue) => instance(queue));
    const before = messageIds().length;
    // The app's own reactor (a third instance, in-process queue) handles them too.
    const events = await paidOrderEvents();
    await Promise.all(events.flatMap((event) => reactors.map((reactor) => reactor.handle(event))));
    await Promise.all(queues.map((queue) => queue.whenIdle()));
    await t.services.queue.whenIdle();
    const sent = messageIds().slice(before);
    expect(sent).toHaveLength(4);
    expect(new Set(sent).size).toBe(4);
  });
});
