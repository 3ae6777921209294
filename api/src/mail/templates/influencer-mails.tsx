import { formatPrice } from '@shortlist/domain';
import { ActionButton, Facts, greeting, MailLayout, Paragraph } from './brand';
import { defineMail } from './define-mail';

/** The influencer's mails: ledger movements and replies. Amounts are whole rupees (INR). */

interface InfluencerMail {
  name: string | null;
  dashboardUrl: string;
}

const rupees = (amount: number) => formatPrice(amount, 'INR');

export const rewardCreditedMail = defineMail<InfluencerMail & { amount: number }>({
  audience: 'influencer',
  reminder: false,
  subject: (data) => `You earned ${rupees(data.amount)} for a referral`,
  body: (data) => (
    <MailLayout preview="A referral reward was credited" heading="Referral reward credited">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        A customer you referred paid for their first resume review. {rupees(data.amount)} has been
        added to your balance.
      </Paragraph>
      <ActionButton href={data.dashboardUrl}>Open your dashboard</ActionButton>
    </MailLayout>
  ),
});

export const rewardClawedBackMail = defineMail<
  InfluencerMail & { amount: number; shortfall: number }
>({
  audience: 'influencer',
  reminder: false,
  subject: (data) => `A referral reward of ${rupees(data.amount + data.shortfall)} was taken back`,
  body: (data) => (
    <MailLayout preview="A referral reward was taken back" heading="Referral reward taken back">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        The order that earned a referral reward was refunded, so the reward was taken back:{' '}
        {rupees(data.amount)} left your balance.
      </Paragraph>
      <ActionButton href={data.dashboardUrl}>Open your dashboard</ActionButton>
    </MailLayout>
  ),
});

interface PayoutMail extends InfluencerMail {
  payoutId: string;
  amount: number | null;
}

function payoutFacts(data: PayoutMail): [string, string][] {
  return [
    ['Payout ID', data.payoutId],
    ...(data.amount === null ? [] : [['Amount', rupees(data.amount)] as [string, string]]),
  ];
}

export const payoutApprovedMail = defineMail<PayoutMail>({
  audience: 'influencer',
  reminder: false,
  subject: () => 'Your Shortlist payout was approved',
  body: (data) => (
    <MailLayout preview="Your payout was approved" heading="Payout approved">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Your payout request was approved. We will e-mail you again once it is paid.
      </Paragraph>
      <Facts rows={payoutFacts(data)} />
      <ActionButton href={data.dashboardUrl}>View your payouts</ActionButton>
    </MailLayout>
  ),
});

export const payoutPaidMail = defineMail<PayoutMail & { txnId: string | null }>({
  audience: 'influencer',
  reminder: false,
  subject: () => 'Your Shortlist payout was paid',
  body: (data) => (
    <MailLayout preview="Your payout was paid" heading="Payout paid">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>Your payout has been paid to the account you gave us.</Paragraph>
      <Facts
        rows={[
          ...payoutFacts(data),
          ...(data.txnId === null ? [] : [['Transaction ID', data.txnId] as [string, string]]),
        ]}
      />
      <ActionButton href={data.dashboardUrl}>View your payouts</ActionButton>
    </MailLayout>
  ),
});

export const payoutRejectedMail = defineMail<PayoutMail & { reason: string | null }>({
  audience: 'influencer',
  reminder: false,
  subject: () => 'Your Shortlist payout request was rejected',
  body: (data) => (
    <MailLayout preview="Your payout request was rejected" heading="Payout rejected">
      <Paragraph>{greeting(data.name)}</Paragraph>
      <Paragraph>
        Your payout request was rejected
        {data.reason === null ? '.' : `: ${data.reason}`} The amount is back in your balance.
      </Paragraph>
      <Facts rows={payoutFacts(data)} />
      <ActionButton href={data.dashboardUrl}>View your payouts</ActionButton>
    </MailLayout>
  ),
});

export const influencerQueryReplyMail = defineMail<
  InfluencerMail & { subject: string; reply: string; queriesUrl: string }
>({
  audience: 'influencer',
  reminder: false,
  subject: (data) => `Re: ${data.subject}`,
  body: (data) => (
    <MailLayout preview="Shortlist replied to your query" heading="We replied to your query">
      <Paragraph>{greeting(data.name)}</Paragraph>
      {data.reply.split('\n').map((line, index) => (
        // Lines of one reply never move, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Paragraph key={index}>{line}</Paragraph>
      ))}
      <ActionButton href={data.queriesUrl}>Open your queries</ActionButton>
    </MailLayout>
  ),
});
