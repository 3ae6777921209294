import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailPreferencesStreamName } from '@shortlist/domain';
import { MAIL_MESSAGES } from '@shortlist/domain/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerUser, type TestUser } from '../../testing/orders-test-kit';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { payOrder, placeOrder, settleMail } from '../testing/mail-test-kit';
import { parseMime } from '../testing/mime';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server';

const ORIGIN = 'https://shortlist.test';
const REMINDER = 'Reminder: your Shortlist order is still awaiting payment';

describe('unpaid order reminder', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let dataDir: string;
  let customer: TestUser;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-reminder-'));
    smtp = await startSmtpTestServer();
    t = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        PUBLIC_ORIGIN: ORIGIN,
        SMTP_URL: smtp.url,
        // The reminder's delay, shortened from a day to what a test can wait for.
        UNPAID_REMINDER_SECONDS: '2',
      },
    });
    customer = await registerUser(t, { email: `late-${randomUUID().slice(0, 6)}@customers.test` });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const reminders = () => smtp.received.filter((mail) => mail.subject === REMINDER);

  /** The reminder job's verdict on an order, from the log (a skipped reminder sends nothing). */
  async function skippedFor(orderId: string): Promise<string> {
    let reason = '';
    await vi.waitFor(
      () => {
        const entry = t.logs
          .entries()
          .find((line) => line.orderId === orderId && line.msg === 'Unpaid reminder not sent');
        expect(entry).toBeDefined();
        reason = String(entry?.reason);
      },
      { timeout: 15_000, interval: 100 },
    );
    return reason;
  }

  function unsubscribeUrl(): URL {
    const raw = reminders()[0]?.raw ?? '';
    const header = /^<([^>]+)>$/.exec(parseMime(raw).headers.get('list-unsubscribe') ?? '')?.[1];
    if (header === undefined) throw new Error('no List-Unsubscribe header');
    return new URL(header);
  }

  it('reminds once of an order still unpaid, never of one paid meanwhile', async () => {
    const unpaid = await placeOrder(t, customer);
    const paid = await placeOrder(t, customer);
    await payOrder(t, paid);
    await vi.waitFor(() => expect(reminders()).toHaveLength(1), { timeout: 15_000, interval: 100 });
    expect(await skippedFor(paid)).toBe('order paid');
    await settleMail(t);
    const [reminder] = reminders();
    expect(reminder?.to).toEqual([customer.email]);
    expect(reminder?.text).toContain(`${ORIGIN}/checkout?orderId=${unpaid}`);
    expect(parseMime(reminder?.raw ?? '').headers.get('list-unsubscribe-post')).toBe(
      'List-Unsubscribe=One-Click',
    );
    const url = unsubscribeUrl();
    expect(url.origin + url.pathname).toBe(`${ORIGIN}/api/mail/unsubscribe`);
    expect(reminder?.text).toContain('Unsubscribe from reminders');
    expect(reminders()).toHaveLength(1);
  });

  it('unsubscribes in one click, once, and later reminders honour it', async () => {
    const url = unsubscribeUrl();
    const path = `${url.pathname}${url.search}`;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');
    // Opening the link changes nothing: mail scanners follow links.
    expect(
      (await t.services.store.readStream(mailPreferencesStreamName(customer.id))).events,
    ).toEqual([]);

    // A mail client's own button (RFC 8058), then the page's button: one record.
    for (let click = 0; click < 2; click += 1) {
      const done = await t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(done.statusCode).toBe(200);
      expect(done.body).toContain(MAIL_MESSAGES.unsubscribed);
    }
    const recorded = await t.services.store.readStream(mailPreferencesStreamName(customer.id));
    expect(recorded.events.map((event) => event.type)).toEqual(['RemindersUnsubscribed']);

    const later = await placeOrder(t, customer);
    expect(await skippedFor(later)).toBe('unsubscribed');
    await settleMail(t);
    expect(reminders()).toHaveLength(1);
    // The order's own mail still comes: only reminders were refused.
    expect(
      smtp.received.filter((mail) => mail.text.includes(later)).map((mail) => mail.subject),
    ).toEqual(['Your Shortlist order is awaiting payment']);
  });

  it('refuses a link whose signature does not match its account', async () => {
    const token = unsubscribeUrl().searchParams.get('token') ?? '';
    const forged = `${randomUUID()}${token.slice(token.lastIndexOf('.'))}`;
    for (const method of ['GET', 'POST'] as const) {
      const answer = await t.app.inject({
        method,
        url: `/api/mail/unsubscribe?token=${encodeURIComponent(forged)}`,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: MAIL_MESSAGES.invalidUnsubscribeLink });
    }
  });
});
