import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { influencerQueryStreamName, influencerStreamName } from '@shortlist/domain';
import type { JsonObject } from '@shortlist/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { settleMail } from '../testing/mail-test-kit';
import { type SmtpTestServer, startSmtpTestServer } from '../testing/smtp-test-server';

/**
 * The influencer's mails, from the ledger's and the query's events (appended as the ledger's
 * decider and the admin routes append them), read from a real SMTP server.
 */
describe('influencer mails', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let dataDir: string;
  const influencerId = randomUUID();
  const email = `ravi-${influencerId.slice(0, 6)}@influencers.test`;

  async function append(stream: string, events: Array<[string, JsonObject]>): Promise<void> {
    await t.services.store.append(
      stream,
      events.map(([type, data]) => ({
        id: randomUUID(),
        type,
        data,
        metadata: {
          actor: 'admin:test',
          correlationId: randomUUID(),
          causationId: null,
          at: new Date().toISOString(),
        },
      })),
    );
  }
  const ledger = (events: Array<[string, JsonObject]>) =>
    append(
      influencerStreamName(influencerId),
      events.map(([type, data]) => [type, { influencerId, ...data }]),
    );
  const subjects = () =>
    smtp.received.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'shortlist-influencer-mail-'));
    smtp = await startSmtpTestServer();
    t = await createTestApp({
      env: { DATA_DIR: dataDir, PUBLIC_ORIGIN: 'https://shortlist.test', SMTP_URL: smtp.url },
    });
    await ledger([
      [
        'InfluencerCreated',
        { name: 'Ravi Kumar', email, referralCode: 'RAVI1', passwordHash: 'x' },
      ],
    ]);
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('mails a credited reward and its clawback', async () => {
    const userId = randomUUID();
    const orderId = randomUUID();
    await ledger([
      ['ReferralRegistered', { userId, at: new Date().toISOString() }],
      ['ReferralRewardCredited', { userId, orderId, amount: 50 }],
      ['ReferralRewardClawedBack', { userId, orderId, amount: 50, shortfall: 0 }],
    ]);
    await settleMail(t);
    expect(subjects().sort()).toEqual(
      ['You earned ₹50 for a referral', 'A referral reward of ₹50 was taken back'].sort(),
    );
    const credited = smtp.received.find((mail) => mail.subject.startsWith('You earned'));
    expect(credited?.text).toContain('Hello Ravi Kumar,');
    expect(credited?.text).toContain('https://shortlist.test/influencer/dashboard');
  });

  it('mails a per-order commission when earned and when taken back, never while pending', async () => {
    const userId = randomUUID();
    const orderId = randomUUID();
    const before = smtp.received.length;
    await ledger([
      ['CommissionPending', { userId, orderId, service: 'resume_rewrite', amount: 150 }],
      ['CommissionEarned', { userId, orderId, amount: 150 }],
      ['CommissionClawedBack', { userId, orderId, amount: 150 }],
    ]);
    await settleMail(t);
    expect(
      smtp.received
        .slice(before)
        .map((mail) => mail.subject)
        .sort(),
    ).toEqual(
      ['You earned ₹150 for a referral', 'A referral reward of ₹150 was taken back'].sort(),
    );
  });

  it('mails a payout approved then paid with its amount, and a rejected one', async () => {
    const paid = randomUUID();
    const rejected = randomUUID();
    const payee = {
      payeeName: 'Ravi Kumar',
      mobile: '9999999999',
      bankName: 'SBI',
      upiId: 'ravi@upi',
    };
    await ledger([
      ['PayoutRequested', { payoutId: paid, amount: 2500, ...payee }],
      ['PayoutApproved', { payoutId: paid }],
      ['PayoutPaid', { payoutId: paid, txnId: 'UTR123456' }],
      ['PayoutRequested', { payoutId: rejected, amount: 3000, ...payee }],
      ['PayoutRejected', { payoutId: rejected, amount: 3000, reason: 'IFSC does not match' }],
    ]);
    await settleMail(t);
    const payoutMails = smtp.received.filter((mail) => mail.subject.includes('payout'));
    const bySubject = (subject: string) => payoutMails.filter((mail) => mail.subject === subject);
    expect(payoutMails).toHaveLength(3);
    const [approved] = bySubject('Your Shortlist payout was approved');
    const [paidMail] = bySubject('Your Shortlist payout was paid');
    const [rejectedMail] = bySubject('Your Shortlist payout request was rejected');
    expect(approved?.text).toContain('₹2,500');
    expect(paidMail?.text).toContain('₹2,500');
    expect(paidMail?.text).toContain('UTR123456');
    expect(rejectedMail?.text).toContain('₹3,000');
    expect(rejectedMail?.text).toContain('The amount is back in your balance.');
    expect(rejectedMail?.text).toContain('IFSC does not match');
    // Payee details stay out of mail.
    for (const mail of payoutMails) expect(mail.text).not.toContain('ravi@upi');
  });

  it("mails the admin's reply to the influencer's query", async () => {
    const queryId = randomUUID();
    await append(influencerQueryStreamName(queryId), [
      [
        'InfluencerQueryOpened',
        { queryId, influencerId, subject: 'Payout timing', message: 'When?' },
      ],
      [
        'InfluencerQueryReplied',
        { queryId, reply: 'Every Friday.\nThanks!', status: 'resolved', by: 'admin:1' },
      ],
    ]);
    await settleMail(t);
    const reply = smtp.received.find((mail) => mail.subject === 'Re: Payout timing');
    expect(reply?.to).toEqual([email]);
    expect(reply?.text).toContain('Every Friday.');
    expect(reply?.text).toContain('https://shortlist.test/influencer/queries');
  });
});
