import {
  getInfluencerDashboardRoute,
  listInfluencerPayoutsRoute,
  requestInfluencerPayoutRoute,
} from '@shortlist/domain/contract';
import { Button, Dialog, errorMessage, Field, useApiMutation, useToast } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { formatRupees } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './payouts.module.css';

const copy = messages.payouts;
const text = copy.dialog;

type Details = { payeeName: string; mobile: string; bankName: string; upiId: string };
type Errors = Partial<Record<keyof Details, string>>;

const EMPTY: Details = { payeeName: '', mobile: '', bankName: '', upiId: '' };

/** SPEC §5: all four filled, the mobile 10 digits. */
function validatePayee(details: Details): Errors {
  const errors: Errors = {};
  for (const key of Object.keys(EMPTY) as (keyof Details)[]) {
    if (details[key].trim() === '') errors[key] = text.required;
  }
  if (!errors.mobile && !/^\d{10}$/.test(details.mobile.trim())) errors.mobile = text.mobileInvalid;
  return errors;
}

/** The payment-details modal: payee name, mobile, bank name, UPI id; the whole balance is asked. */
export function PayoutRequestDialog({
  open,
  balance,
  onClose,
}: {
  open: boolean;
  balance: number;
  onClose: () => void;
}) {
  const toast = useToast();
  const [details, setDetails] = useState<Details>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const request = useApiMutation(requestInfluencerPayoutRoute, {
    invalidates: [listInfluencerPayoutsRoute, getInfluencerDashboardRoute],
  });

  const close = () => {
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validatePayee(details);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const answer = await request.mutateAsync({ body: details });
      toast.show(answer.message || copy.sent, { tone: 'success' });
      setDetails(EMPTY);
      close();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.failed), { tone: 'danger' });
    }
  };

  const field = (key: keyof Details) => ({
    name: key,
    required: true,
    value: details[key],
    error: errors[key] ?? null,
    onChange: (event: { target: { value: string } }) => {
      setDetails((current) => ({ ...current, [key]: event.target.value }));
      if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={text.title}
      busy={request.isPending}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={request.isPending}>
            {text.cancel}
          </Button>
          <Button
            type="submit"
            form="payout-request-form"
            loading={request.isPending}
            loadingLabel={text.submitting}
          >
            {text.submit}
          </Button>
        </>
      }
    >
      <form id="payout-request-form" className={styles.form} noValidate onSubmit={submit}>
        <p className={styles.muted}>{text.lead(formatRupees(balance))}</p>
        <Field label={text.payeeName} autoComplete="name" {...field('payeeName')} />
        <Field
          label={text.mobile}
          hint={text.mobileHint}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={10}
          {...field('mobile')}
        />
        <Field label={text.bankName} {...field('bankName')} />
        <Field label={text.upiId} autoComplete="off" {...field('upiId')} />
      </form>
    </Dialog>
  );
}
