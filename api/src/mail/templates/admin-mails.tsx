import { type Currency, formatPrice } from '@shortlist/domain';
import { ActionButton, Facts, MailLayout, Paragraph } from './brand';
import { defineMail } from './define-mail';

/** Staff mail: a paid order waits to be started (the 48h promise runs from now). */
export const adminOrderPaidMail = defineMail<{
  orderId: string;
  planName: string;
  amount: number;
  currency: Currency;
  customerEmail: string;
  ordersUrl: string;
}>({
  audience: 'admin',
  reminder: false,
  subject: (data) =>
    `New paid order: ${data.planName} (${formatPrice(data.amount, data.currency)} ${data.currency})`,
  body: (data) => (
    <MailLayout preview="A new order was paid" heading="New paid order">
      <Paragraph>A customer has paid for an order. It is waiting to start.</Paragraph>
      <Facts
        rows={[
          ['Order ID', data.orderId],
          ['Plan', data.planName],
          ['Amount', `${formatPrice(data.amount, data.currency)} (${data.currency})`],
          ['Customer', data.customerEmail],
        ]}
      />
      <ActionButton href={data.ordersUrl}>Open orders</ActionButton>
    </MailLayout>
  ),
});
