import {
  ACCOUNT_NUMBER_PATTERN,
  IFSC_PATTERN,
  MOBILE_PATTERN,
  type PayoutMethod,
  UPI_ID_PATTERN,
} from '@shortlist/domain';
import { requestInfluencerPayoutRoute, type SavedPaymentDetails } from '@shortlist/domain/contract';
import {
  Button,
  Dialog,
  errorMessage,
  Field,
  Select,
  useApiMutation,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { formatRupees } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './payouts.module.css';

const copy = messages.payouts;
const text = copy.dialog;

type Details = SavedPaymentDetails;
type TextKey = Exclude<keyof Details, 'method'>;
type Errors = Partial<Record<TextKey, string>>;

const EMPTY: Details = {
  method: 'upi',
  payeeName: '',
  mobile: '',
  bankName: '',
  accountNumber: '',
  ifsc: '',
  upiId: '',
};

/** The fields the chosen method needs, in the formats the ledger checks (payment-details.ts). */
export function validatePayee(details: Details): Errors {
  const errors: Errors = {};
  const needed: TextKey[] =
    details.method === 'bank'
      ? ['payeeName', 'mobile', 'bankName', 'accountNumber', 'ifsc']
      : ['payeeName', 'mobile', 'upiId'];
  for (const key of needed) {
    if (details[key].trim() === '') errors[key] = text.required;
  }
  const check = (key: TextKey, pattern: RegExp, message: string, value = details[key].trim()) => {
    if (!errors[key] && needed.includes(key) && !pattern.test(value)) errors[key] = message;
  };
  check('mobile', MOBILE_PATTERN, text.mobileInvalid);
  check('accountNumber', ACCOUNT_NUMBER_PATTERN, text.accountHint);
  check('ifsc', IFSC_PATTERN, text.ifscHint, details.ifsc.trim().toUpperCase());
  check('upiId', UPI_ID_PATTERN, text.upiHint);
  return errors;
}

/**
 * The payment-details modal: payee and mobile, then a bank account (number, IFSC, bank) or a
 * UPI id. The last request's details are filled in; the whole balance is asked.
 */
export function PayoutRequestDialog({
  open,
  balance,
  saved,
  onClose,
}: {
  open: boolean;
  balance: number;
  saved: SavedPaymentDetails | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const [edited, setDetails] = useState<Details | null>(null);
  const details = edited ?? saved ?? EMPTY;
  const [errors, setErrors] = useState<Errors>({});
  const request = useApiMutation(requestInfluencerPayoutRoute);

  const close = () => {
    setErrors({});
    setDetails(null);
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
      close();
    } catch (failure) {
      toast.show(errorMessage(failure, copy.failed), { tone: 'danger' });
    }
  };

  const field = (key: TextKey) => ({
    name: key,
    required: true,
    value: details[key],
    error: errors[key] ?? null,
    onChange: (event: { target: { value: string } }) => {
      setDetails({ ...details, [key]: event.target.value });
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
        {saved !== null && edited === null ? <p className={styles.muted}>{text.saved}</p> : null}
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
        <Select
          label={text.method}
          value={details.method}
          onChange={(event) => {
            setDetails({ ...details, method: event.target.value as PayoutMethod });
            setErrors({});
          }}
          options={(['upi', 'bank'] as const).map((value) => ({
            value,
            label: text.methods[value],
          }))}
        />
        {details.method === 'bank' ? (
          <>
            <Field label={text.bankName} {...field('bankName')} />
            <Field
              label={text.accountNumber}
              hint={text.accountHint}
              inputMode="numeric"
              autoComplete="off"
              maxLength={18}
              {...field('accountNumber')}
            />
            <Field
              label={text.ifsc}
              hint={text.ifscHint}
              autoComplete="off"
              maxLength={11}
              {...field('ifsc')}
            />
          </>
        ) : (
          <Field label={text.upiId} hint={text.upiHint} autoComplete="off" {...field('upiId')} />
        )}
      </form>
    </Dialog>
  );
}
