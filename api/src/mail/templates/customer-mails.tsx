import { type Currency, formatPrice } from '@shortlist/domain';
import { ActionButton, Facts, greeting, MailLayout, Paragraph } from './brand';
import { defineMail } from './define-mail';

/**
 * The customer's mails, one per step of an order. They name the person and the plan only:
 * nothing of the resume itself (its text, jobs or contact details) ever goes into a mail.
 */

interface OrderMail {
  name: string | null;
  orderId: string;
  planName: string;
}

interface PayableOrderMail extends OrderMail {
  amount: number;
  currency: Currency;
  checkoutUrl: string;
}

interface OrderLinkMail extends OrderMail {
  orderUrl: string;
}

/** "₹3,000 (INR)": the amount as the checkout shows it, and its currency by code. */
export function moneyText(amount: number, currency: Currency): string {
  return `${formatPrice(amount, currency)} (${currency})`;
}

export const orderPlacedMail = defineMail<PayableOrderMail>({
  audience: 'customer',
  reminder: false,
  subject: () => 'Your Shortlist order is awaiting payment',
  body: (data) => (
    <MailLayout
      preview={`Pay ${moneyText(data.amount, data.currency)} to start your order`}
      heading="Your order is awaiting payment"
    >
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Thank you for your order. We start work as soon as it is paid. Pay at Checkout whenever you
        are ready:
      </Paragraph>
      <Facts
        rows={[
          ['Order ID', data.orderId],
          ['Plan', data.planName],
          ['Amount', moneyText(data.amount, data.currency)],
          ['Status', 'Awaiting payment'],
        ]}
      />
      <ActionButton href={data.checkoutUrl}>Pay now</ActionButton>
      <Paragraph>Unpaid orders are removed 7 days after they are placed.</Paragraph>
    </MailLayout>
  ),
});

export const unpaidReminderMail = defineMail<PayableOrderMail>({
  audience: 'customer',
  reminder: true,
  subject: () => 'Reminder: your Shortlist order is still awaiting payment',
  body: (data) => (
    <MailLayout
      preview="Your order is waiting for payment"
      heading="Your order is still awaiting payment"
      unsubscribeUrl={data.unsubscribeUrl}
    >
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Your {data.planName} order has not been paid yet, so we have not started on it.
      </Paragraph>
      <Facts
        rows={[
          ['Order ID', data.orderId],
          ['Amount', moneyText(data.amount, data.currency)],
        ]}
      />
      <ActionButton href={data.checkoutUrl}>Pay now</ActionButton>
      <Paragraph>Unpaid orders are removed 7 days after they are placed.</Paragraph>
    </MailLayout>
  ),
});

export const paymentReceiptMail = defineMail<
  OrderMail & { amount: number; currency: Currency; receiptUrl: string }
>({
  audience: 'customer',
  reminder: false,
  subject: (data) => `Payment received: ${moneyText(data.amount, data.currency)}`,
  body: (data) => (
    <MailLayout preview="Your payment is received" heading="Payment received">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        We have received your payment. Your order is paid and waiting to start; our turnaround is
        typically 48h.
      </Paragraph>
      <Facts
        rows={[
          ['Order ID', data.orderId],
          ['Plan', data.planName],
          ['Amount paid', formatPrice(data.amount, data.currency)],
          ['Currency', data.currency],
        ]}
      />
      <ActionButton href={data.receiptUrl}>View receipt</ActionButton>
    </MailLayout>
  ),
});

export const workStartedMail = defineMail<OrderLinkMail>({
  audience: 'customer',
  reminder: false,
  subject: () => 'We have started work on your Shortlist order',
  body: (data) => (
    <MailLayout preview="Your order is in progress" heading="Work has started">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Our team has started on your {data.planName} order ({data.orderId}). We will e-mail you as
        soon as your delivery is ready.
      </Paragraph>
      <ActionButton href={data.orderUrl}>View your order</ActionButton>
    </MailLayout>
  ),
});

export const deliveryReadyMail = defineMail<OrderLinkMail & { filename: string }>({
  audience: 'customer',
  reminder: false,
  subject: () => 'Your Shortlist delivery is ready',
  body: (data) => (
    <MailLayout preview="A new file is ready to download" heading="Your delivery is ready">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        A new file has been delivered on your {data.planName} order ({data.orderId}):{' '}
        {data.filename}. Download it from your Orders page.
      </Paragraph>
      <ActionButton href={data.orderUrl}>Download your delivery</ActionButton>
    </MailLayout>
  ),
});

export const suggestionsReadyMail = defineMail<OrderLinkMail>({
  audience: 'customer',
  reminder: false,
  subject: () => 'Your resume review suggestions are ready',
  body: (data) => (
    <MailLayout preview="Your review suggestions are ready" heading="Your suggestions are ready">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Our written suggestions for your {data.planName} order ({data.orderId}) are ready. Read them
        on your Orders page.
      </Paragraph>
      <ActionButton href={data.orderUrl}>Read your suggestions</ActionButton>
    </MailLayout>
  ),
});

export const orderCompletedMail = defineMail<OrderLinkMail>({
  audience: 'customer',
  reminder: false,
  subject: () => 'Your Shortlist order is complete',
  body: (data) => (
    <MailLayout preview="Your order is complete" heading="Your order is complete">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Your {data.planName} order ({data.orderId}) is complete. Your files stay available on your
        Orders page for one month, after which they are deleted.
      </Paragraph>
      <ActionButton href={data.orderUrl}>View your order</ActionButton>
    </MailLayout>
  ),
});

export const orderRefundedMail = defineMail<OrderMail & { amount: number; currency: Currency }>({
  audience: 'customer',
  reminder: false,
  subject: (data) => `Your refund of ${moneyText(data.amount, data.currency)} is on its way`,
  body: (data) => (
    <MailLayout preview="Your refund is on its way" heading="Your order is refunded">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        We have refunded {moneyText(data.amount, data.currency)} for your {data.planName} order (
        {data.orderId}). A refund takes 5-7 business days to reach your account.
      </Paragraph>
      <Facts
        rows={[
          ['Order ID', data.orderId],
          ['Refunded', formatPrice(data.amount, data.currency)],
          ['Currency', data.currency],
        ]}
      />
    </MailLayout>
  ),
});
