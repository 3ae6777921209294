import { type AdminPayoutView, updateInfluencerPayoutRoute } from '@shortlist/domain/contract';
import { Button, Dialog, errorMessage, Field, useApiMutation, useToast } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { formatMoney } from '../../shared/format';
import { messages } from '../../shared/messages';
import { payeeNameOf } from './payee-name';
import styles from './payouts-screen.module.css';

const copy = messages.payouts;
export type PayoutAction = 'pay' | 'reject';

/**
 * Pay (status paid, with the transfer's reference) or reject (the amount returns to the
 * balance). Both name the amount, the currency and the person (UI.md, money actions).
 */
export function PayoutActionDialog({
  action,
  onClose,
}: {
  action: { kind: PayoutAction; payout: AdminPayoutView } | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const [txnId, setTxnId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useApiMutation(updateInfluencerPayoutRoute);

  const close = () => {
    setTxnId('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action) return;
    if (action.kind === 'pay' && txnId.trim() === '') {
      setError(copy.txnRequired);
      return;
    }
    setError(null);
    try {
      const answer = await update.mutateAsync({
        params: { id: action.payout._id },
        body:
          action.kind === 'pay' ? { status: 'paid', txnId: txnId.trim() } : { status: 'rejected' },
      });
      toast.show(answer.message || copy.updated, { tone: 'success' });
      close();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.updateFailed), { tone: 'danger' });
    }
  };

  const payout = action?.payout;
  const name = payout ? payeeNameOf(payout) : '';
  const amount = payout ? formatMoney(payout.amount, 'INR') : '';
  const paying = action?.kind === 'pay';
  return (
    <Dialog
      open={action !== null}
      onClose={close}
      title={paying ? copy.approveTitle(name) : copy.rejectTitle(name)}
      size="sm"
      busy={update.isPending}
      closeLabel={messages.common.close}
    >
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <p>
          {paying
            ? copy.approveLead(amount, payout?.payeeName ?? name)
            : copy.rejectLead(amount, name)}
        </p>
        {paying ? (
          <Field
            label={copy.txnId}
            hint={copy.txnHint}
            name="txnId"
            autoComplete="off"
            value={txnId}
            error={error}
            onChange={(event) => setTxnId(event.target.value)}
          />
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            {messages.common.cancel}
          </Button>
          <Button
            type="submit"
            variant={paying ? 'primary' : 'danger'}
            loading={update.isPending}
            loadingLabel={copy.working}
          >
            {paying ? copy.markPaid : copy.reject}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
