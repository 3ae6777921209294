import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { priceOf } from '@shortlist/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { outboxDir } from '../create-mailer';
import {
  type Inbox,
  mailsTo,
  onOrder,
  outboxInbox,
  payOrder,
  placeOrder,
  settleMail,
  smtpInbox,
} from '../testing/mail-test-kit';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server';

const ORIGIN = 'https://shortlist.test';

/**
 * The customer's and the admin's mails, each from the event that triggers it, read where they
 * really go: a real SMTP server (services mode, SMTP_URL) and the local outbox (default mode).
 */
describe.each(['smtp', 'outbox'] as const)('order mails through %s', (mode) => {
  let t: TestApp;
  let smtp: SmtpTestServer | null = null;
  let dataDir: string;
  let inbox: Inbox;
  let customer: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-mail-'));
    if (mode === 'smtp') smtp = await startSmtpTestServer();
    t = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: ORIGIN,
        ...(smtp === null ? {} : { SMTP_URL: smtp.url }),
      },
    });
    inbox = smtp === null ? outboxInbox(outboxDir(t.config)) : smtpInbox(smtp);
    customer = await registerUser(t, { email: `asha-${randomUUID().slice(0, 6)}@customers.test` });
    admin = await registerUser(t, {
      role: 'admin',
      email: `ops-${randomUUID().slice(0, 6)}@staff.test`,
    });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('mails each step of an order once: placed, paid, started, delivered, suggestions, completed', async () => {
    const orderId = await placeOrder(t, customer);
    await settleMail(t);
    let mails = await mailsTo(inbox, customer.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your Shortlist order is awaiting payment']);
    expect(mails[0]?.text).toContain(`${ORIGIN}/checkout?orderId=${orderId}`);
    expect(mails[0]?.text).toContain('Hello Asha Verma,');
    expect(mails[0]?.text).toContain('₹200 (INR)');

    await payOrder(t, orderId);
    await onOrder(t, orderId, { type: 'SetOrderStatus', data: { status: 'processing' } });
    await onOrder(t, orderId, {
      type: 'AttachDelivery',
      data: {
        file: { fileId: randomUUID(), name: 'Asha-Verma-resume.pdf' },
        filename: 'Asha-Verma-resume.pdf',
      },
    });
    await onOrder(t, orderId, {
      type: 'SaveReviewSuggestions',
      data: { text: 'Lead with numbers.' },
    });
    await onOrder(t, orderId, { type: 'SetOrderStatus', data: { status: 'completed' } });
    await settleMail(t);

    mails = await mailsTo(inbox, customer.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(
      [
        'Your Shortlist order is awaiting payment',
        `Payment received: ₹${priceOf('resume_review', 'INR')} (INR)`,
        'We have started work on your Shortlist order',
        'Your Shortlist delivery is ready',
        'Your resume review suggestions are ready',
        'Your Shortlist order is complete',
      ].sort(),
    );
    const receipt = mails.find((mail) => mail.subject.startsWith('Payment received'));
    expect(receipt?.text).toContain(orderId);
    expect(receipt?.text).toContain('INR');
    expect(receipt?.text).toContain(`${ORIGIN}/orders`);
    const delivery = mails.find((mail) => mail.subject === 'Your Shortlist delivery is ready');
    expect(delivery?.text).toContain('Asha-Verma-resume.pdf');
    // The suggestions themselves stay in the app: a mail carries no resume content.
    for (const mail of mails) expect(mail.text).not.toContain('Lead with numbers.');

    const staff = await mailsTo(inbox, admin.email);
    expect(staff.map((mail) => mail.subject)).toEqual([
      `New paid order: Resume Review (₹${priceOf('resume_review', 'INR')} INR)`,
    ]);
    expect(staff[0]?.text).toContain(orderId);
    expect(staff[0]?.text).toContain(customer.email);
  });

  it('mails the refund with its amount and 5-7 business days, in the order currency', async () => {
    const orderId = await placeOrder(t, customer, 'USD');
    await payOrder(t, orderId, 'USD');
    await onOrder(t, orderId, {
      type: 'RefundOrder',
      data: { refundId: `rfnd_${orderId.slice(0, 8)}` },
    });
    await settleMail(t);
    const refunds = (await mailsTo(inbox, customer.email)).filter((mail) =>
      mail.subject.startsWith('Your refund'),
    );
    expect(refunds.map((mail) => mail.subject)).toEqual([
      `Your refund of $${priceOf('resume_review', 'USD')} (USD) is on its way`,
    ]);
    expect(refunds[0]?.text).toContain('5-7 business days');
    expect(refunds[0]?.text).toContain(orderId);
  });
});
