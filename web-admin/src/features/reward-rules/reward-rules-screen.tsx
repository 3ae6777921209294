import type { RewardRuleKind } from '@shortlist/domain';
import { changeRewardRuleRoute, getAdminRewardRulesRoute } from '@shortlist/domain/contract';
import {
  Button,
  type DataColumn,
  DataTable,
  errorMessage,
  Field,
  Select,
  useApiMutation,
  useApiQuery,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { ListHeading, loadStates } from '../../shared/admin-list';
import { formatDateTime, formatMoney } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './reward-rules.module.css';

const copy = messages.rewardRules;
type Change = NonNullable<ReturnType<typeof useRules>['data']>['history'][number];

function useRules() {
  return useApiQuery(getAdminRewardRulesRoute, {});
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Reward rules: what a referral earns today, what is decided for later days, and every change
 * (who, when). A change is a new amount from a day on; the server's rules decide the bounds.
 */
export function RewardRulesScreen() {
  const toast = useToast();
  const rules = useRules();
  const [kind, setKind] = useState<RewardRuleKind>('order_commission');
  const [amount, setAmount] = useState('');
  const [effectiveFrom, setEffectiveFrom] = useState(today);
  const [error, setError] = useState<string | null>(null);
  const change = useApiMutation(changeRewardRuleRoute);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(amount);
    if (amount.trim() === '' || !Number.isInteger(value)) {
      setError(copy.amount);
      return;
    }
    setError(null);
    try {
      const answer = await change.mutateAsync({ body: { kind, amount: value, effectiveFrom } });
      toast.show(answer.message || copy.saved, { tone: 'success' });
      setAmount('');
    } catch (failure) {
      const message = errorMessage(failure, copy.saveFailed);
      setError(message);
      toast.show(message, { tone: 'danger' });
    }
  };

  const columns: DataColumn<Change>[] = [
    { id: 'changedAt', header: copy.changedAt, cell: (c) => formatDateTime(c.changedAt) },
    { id: 'kind', header: copy.kind, cell: (c) => copy.kinds[c.kind] },
    {
      id: 'amount',
      header: copy.amount,
      cell: (c) => formatMoney(c.amount, 'INR'),
      align: 'end',
      nowrap: true,
    },
    { id: 'effectiveFrom', header: copy.effectiveFrom, cell: (c) => c.effectiveFrom, nowrap: true },
    { id: 'changedBy', header: copy.changedBy, cell: (c) => c.changedBy },
  ];

  const data = rules.data;
  return (
    <>
      <ListHeading heading={copy.heading} description={copy.lead} />
      <section className={styles.card} aria-labelledby="rules-in-force">
        <h2 id="rules-in-force" className={styles.cardHeading}>
          {copy.inForce}
        </h2>
        <div className={styles.figures}>
          <p className={styles.figure}>
            <span className={styles.muted}>{copy.firstReview}</span>
            <span className={styles.figureValue} data-testid="first-review-amount">
              {data ? formatMoney(data.firstReview, 'INR') : '…'}
            </span>
          </p>
          <p className={styles.figure}>
            <span className={styles.muted}>{copy.orderCommission}</span>
            <span className={styles.figureValue} data-testid="order-commission-amount">
              {data ? formatMoney(data.orderCommission, 'INR') : '…'}
            </span>
          </p>
        </div>
        {data && data.upcoming.length > 0 ? (
          <p className={styles.muted}>
            {copy.upcoming}:{' '}
            {data.upcoming
              .map(
                (u) => `${copy.kinds[u.kind]} ${formatMoney(u.amount, 'INR')} (${u.effectiveFrom})`,
              )
              .join('; ')}
          </p>
        ) : null}
      </section>
      <section className={styles.card} aria-labelledby="change-rule">
        <h2 id="change-rule" className={styles.cardHeading}>
          {copy.save}
        </h2>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <div className={styles.formRow}>
            <Select
              label={copy.kind}
              value={kind}
              onChange={(event) => setKind(event.target.value as RewardRuleKind)}
              options={(['order_commission', 'first_review'] as const).map((value) => ({
                value,
                label: copy.kinds[value],
              }))}
            />
            <Field
              label={copy.amount}
              name="amount"
              inputMode="numeric"
              autoComplete="off"
              hint={kind === 'order_commission' ? copy.commissionHint : undefined}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
            <Field
              label={copy.effectiveFrom}
              name="effectiveFrom"
              type="date"
              min={today()}
              value={effectiveFrom}
              onChange={(event) => setEffectiveFrom(event.target.value)}
            />
          </div>
          {error ? (
            <p className={styles.formError} role="alert">
              {error}
            </p>
          ) : null}
          <div className={styles.formActions}>
            <Button type="submit" loading={change.isPending} loadingLabel={copy.saving}>
              {copy.save}
            </Button>
          </div>
        </form>
      </section>
      <h2 className={styles.cardHeading}>{copy.history}</h2>
      <DataTable
        label={copy.history}
        columns={columns}
        rows={data?.history}
        getRowId={(c) => `${c.changedAt}:${c.kind}:${c.effectiveFrom}`}
        {...loadStates(rules, copy.loadFailed)}
        empty={{ title: copy.noHistory }}
      />
    </>
  );
}
