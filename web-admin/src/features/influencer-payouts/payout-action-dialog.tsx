import { type AdminPayoutView, updateInfluencerPayoutRoute } from '@shortlist/domain/contract';
import { Button, Dialog, errorMessage, Field, useApiMutation, useToast } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { formatMoney } from '../../shared/format';
import { messages } from '../../shared/messages';
import { payeeNameOf } from './payee-name';
import styles from './payouts-screen.module.css';

const copy = messages.payouts;
export type PayoutAction = 'approve' | 'pay' | 'reject';

/**
 * Approve (the held amount net of the influencer's debt; the flags on their referrals shown
 * first), mark paid (with the transfer's reference) or reject (with the reason the influencer
 * reads; the amount returns to the balance). Each names the amount, the currency and the person
 * (UI.md, money actions).
 */
export function PayoutActionDialog({
  action,
  onClose,
}: {
  action: { kind: PayoutAction; payout: AdminPayoutView } | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useApiMutation(updateInfluencerPayoutRoute);

  const close = () => {
    setText('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!action) return;
    const value = text.trim();
    if (action.kind !== 'approve' && value === '') {
      setError(action.kind === 'pay' ? copy.txnRequired : copy.reasonRequired);
      return;
    }
    setError(null);
    const body =
      action.kind === 'approve'
        ? { status: 'approved' as const }
        : action.kind === 'pay'
          ? { status: 'paid' as const, txnId: value }
          : { status: 'rejected' as const, reason: value };
    try {
      const answer = await update.mutateAsync({ params: { id: action.payout._id }, body });
      toast.show(answer.message || copy.updated, { tone: 'success' });
      close();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.updateFailed), { tone: 'danger' });
    }
  };

  const payout = action?.payout;
  const kind = action?.kind ?? 'approve';
  const name = payout ? payeeNameOf(payout) : '';
  const amount = payout ? formatMoney(payout.amount, 'INR') : '';
  const debt = payout ? Math.min(payout.debt, payout.amount) : 0;
  const net = payout ? formatMoney(payout.amount - debt, 'INR') : '';
  const title =
    kind === 'approve'
      ? copy.approveTitle(name)
      : kind === 'pay'
        ? copy.payTitle(name)
        : copy.rejectTitle(name);
  return (
    <Dialog
      open={action !== null}
      onClose={close}
      title={title}
      size="sm"
      busy={update.isPending}
      closeLabel={messages.common.close}
    >
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        {kind === 'approve' && payout ? (
          <>
            <p>{copy.approveLead(amount, payout.payeeName ?? name)}</p>
            <p>
              {debt > 0 ? copy.approveDebt(formatMoney(debt, 'INR'), net) : copy.approveNoDebt(net)}
            </p>
            {payout.flags.length > 0 ? (
              <div className={styles.flags} role="note">
                <p>{copy.flagsLead}</p>
                <ul>
                  {payout.flags.map((flag) => (
                    <li key={`${flag.userId}:${flag.reason}`}>
                      {copy.flagReasons[flag.reason]} —{' '}
                      {copy.flagUser(flag.userId, flag.relatedUserId)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </>
        ) : null}
        {kind === 'pay' ? <p>{copy.payLead(amount, payout?.payeeName ?? name)}</p> : null}
        {kind === 'reject' ? <p>{copy.rejectLead(amount, name)}</p> : null}
        {kind === 'pay' ? (
          <Field
            label={copy.txnId}
            hint={copy.txnHint}
            name="txnId"
            autoComplete="off"
            value={text}
            error={error}
            onChange={(event) => setText(event.target.value)}
          />
        ) : null}
        {kind === 'reject' ? (
          <Field
            label={copy.reason}
            hint={copy.reasonHint}
            name="reason"
            autoComplete="off"
            maxLength={500}
            value={text}
            error={error}
            onChange={(event) => setText(event.target.value)}
          />
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close} disabled={update.isPending}>
            {messages.common.cancel}
          </Button>
          <Button
            type="submit"
            variant={kind === 'reject' ? 'danger' : 'primary'}
            loading={update.isPending}
            loadingLabel={copy.working}
          >
            {kind === 'approve' ? copy.approve : kind === 'pay' ? copy.markPaid : copy.reject}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
