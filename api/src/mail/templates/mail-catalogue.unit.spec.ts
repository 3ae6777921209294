import { render, toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import type { MailTemplate } from './define-mail';
import { MAIL_TEMPLATES, type MailData, type MailKind, renderMail } from './mail-catalogue';

const envelope = { id: 'mail-1', to: 'asha@example.com' };

describe('mail templates', () => {
  it('renders the receipt with amount, currency, order id and receipt link in both parts', async () => {
    const mail = await renderMail(
      'payment-receipt',
      {
        name: 'Asha',
        orderId: 'ord-42',
        planName: 'Resume Review',
        amount: 3000,
        currency: 'INR',
        receiptUrl: 'http://localhost:3000/orders?orderId=ord-42',
      },
      envelope,
    );
    expect(mail.subject).toBe('Payment received: ₹3,000 (INR)');
    for (const part of [mail.text, mail.html ?? '']) {
      expect(part).toContain('ord-42');
      expect(part).toContain('₹3,000');
      expect(part).toContain('INR');
      expect(part).toContain('http://localhost:3000/orders?orderId=ord-42');
    }
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.headers).toBeUndefined();
  });

  it('escapes what people wrote: a name or a reply never becomes markup', async () => {
    const mail = await renderMail(
      'support-reply',
      {
        subject: 'About <b>your</b> order',
        body: '<script>alert(1)</script>\nThanks',
        original: 'Hi & bye',
      },
      envelope,
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('<script>alert(1)</script>');
    expect(mail.text).toContain('You wrote:');
    expect(mail.text).toContain('> Hi & bye');
    expect(mail.subject).toBe('About <b>your</b> order');
  });

  it('says the refund amount and 5-7 business days', async () => {
    const mail = await renderMail(
      'order-refunded',
      { name: null, orderId: 'ord-7', planName: 'Resume Rewrite', amount: 14.5, currency: 'USD' },
      envelope,
    );
    expect(mail.subject).toBe('Your refund of $14.50 (USD) is on its way');
    expect(mail.text).toContain('5-7 business days');
    expect(mail.text).toContain('Hello,');
  });

  it('gives a reminder its unsubscribe link and the one-click List-Unsubscribe headers', async () => {
    const unsubscribeUrl = 'http://localhost:3000/api/mail/unsubscribe?token=abc';
    const data = {
      name: 'Asha',
      orderId: 'ord-9',
      planName: 'Resume Review',
      amount: 17,
      currency: 'USD' as const,
      checkoutUrl: 'http://localhost:3000/checkout?orderId=ord-9',
    };
    await expect(renderMail('unpaid-reminder', data, envelope)).rejects.toThrow('unsubscribe');
    const mail = await renderMail('unpaid-reminder', data, { ...envelope, unsubscribeUrl });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.html).toContain(`href="${unsubscribeUrl.replace('&', '&amp;')}"`);
    expect(mail.text).toContain(unsubscribeUrl);
    // An ordinary mail never carries an unsubscribe link, even when one is passed.
    const placed = await renderMail('order-placed', data, { ...envelope, unsubscribeUrl });
    expect(placed.text).not.toContain('unsubscribe');
    expect(placed.text).toContain('http://localhost:3000/checkout?orderId=ord-9');
  });

  it('names the reason of a rejected payout when there is one', async () => {
    const base = {
      name: 'Ravi',
      dashboardUrl: 'http://x/influencer',
      payoutId: 'p-1',
      amount: 2500,
    };
    const withReason = await renderMail(
      'payout-rejected',
      { ...base, reason: 'UPI id does not exist' },
      envelope,
    );
    expect(withReason.text).toContain('rejected: UPI id does not exist');
    const without = await renderMail('payout-rejected', { ...base, reason: null }, envelope);
    expect(without.text).toContain('Your payout request was rejected.');
    expect(without.text).toContain('₹2,500');
  });

  it('renders every template as React Email does, without its stream markers, in both parts', async () => {
    const unsubscribeUrl = 'http://localhost:3000/api/mail/unsubscribe?token=abc';
    for (const [kind, data] of Object.entries(SAMPLES)) {
      // One template per kind; TypeScript cannot pair the entries' kinds with their data.
      const template = MAIL_TEMPLATES[kind as MailKind] as unknown as MailTemplate<object>;
      const extras = template.reminder ? { unsubscribeUrl } : {};
      const reference = await render(template.body({ ...data, ...extras }));
      const mail = await renderMail(kind as MailKind, data as never, {
        ...envelope,
        unsubscribeUrl,
      });
      expect(reference, kind).toMatch(REACT_STREAM_MARKER);
      expect(mail.html, kind).toBe(reference.replaceAll(new RegExp(REACT_STREAM_MARKER, 'g'), ''));
      expect(mail.html, kind).not.toMatch(REACT_STREAM_MARKER);
      expect(mail.text, kind).toBe(
        toPlainText(reference, { selectors: [{ selector: 'h1', options: { uppercase: false } }] }),
      );
    }
  });
});

/** React's streaming-render markers; the buttons' Outlook conditional comments stay. */
const REACT_STREAM_MARKER = /<!--(?:\$|\/\$|\$\?|\$!|html|head|body| )-->/;

const order = { name: 'Asha <Rao>', orderId: 'ord-1', planName: 'Resume Review' };
const orderUrl = 'http://localhost:3000/orders?orderId=ord-1';
const influencer = { name: 'Ravi & Co', dashboardUrl: 'http://localhost:3000/influencer' };
/** Data for every kind (the type makes a new template fail to compile here until it has some). */
const SAMPLES: { [K in MailKind]: MailData<K> } = {
  'order-placed': {
    ...order,
    amount: 3000,
    currency: 'INR',
    checkoutUrl: 'http://localhost:3000/checkout?orderId=ord-1',
  },
  'unpaid-reminder': {
    ...order,
    amount: 17,
    currency: 'USD',
    checkoutUrl: 'http://localhost:3000/checkout?orderId=ord-1',
  },
  'payment-receipt': { ...order, amount: 14.5, currency: 'USD', receiptUrl: orderUrl },
  'work-started': { ...order, orderUrl },
  'delivery-ready': { ...order, orderUrl, filename: 'resume final.pdf' },
  'suggestions-ready': { ...order, name: null, orderUrl },
  'order-completed': { ...order, orderUrl },
  'order-refunded': { ...order, amount: 3000, currency: 'INR' },
  'password-reset': { name: 'Asha', link: 'http://localhost:3000/reset-password?token=t' },
  'no-account': {},
  'support-reply': { subject: 'About my order', body: 'Line one\nLine two', original: 'Hi' },
  'reward-credited': { ...influencer, amount: 250 },
  'reward-clawed-back': { ...influencer, amount: 200, shortfall: 50 },
  'payout-approved': { ...influencer, payoutId: 'p-1', amount: 2500 },
  'payout-paid': { ...influencer, payoutId: 'p-1', amount: null, txnId: 'UTR123' },
  'payout-rejected': { ...influencer, payoutId: 'p-1', amount: 2500, reason: 'No such UPI id' },
  'influencer-query-reply': {
    ...influencer,
    subject: 'Payout date',
    reply: 'Next Monday.\nThanks',
    queriesUrl: 'http://localhost:3000/influencer/queries',
  },
  'admin-order-paid': {
    orderId: 'ord-1',
    planName: 'Resume Rewrite',
    amount: 5000,
    currency: 'INR',
    customerEmail: 'asha@example.com',
    ordersUrl: 'http://localhost:3000/admin/orders',
  },
};
