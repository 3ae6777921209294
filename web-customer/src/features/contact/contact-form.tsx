import { openContactQueryRoute } from '@shortlist/domain/contract';
import {
  Button,
  errorMessage,
  Field,
  TextArea,
  useApiMutation,
  useSession,
} from '@shortlist/web-kit';
import { type FormEvent, useRef, useState } from 'react';
import { flowMessages } from '../../shared/flow-messages';
import styles from './contact-screen.module.css';
import { type ContactErrors, type ContactValues, validateContact } from './validate-contact';

const copy = flowMessages.contact;

type Outcome = { kind: 'success' | 'failure'; text: string } | null;

export function ContactForm() {
  const { user } = useSession();
  // SPEC §2: the Profile ID comes from the session when there is one; the e-mail too, as a help.
  const initial: ContactValues = { pid: user?.id ?? '', email: user?.email ?? '', message: '' };
  const [values, setValues] = useState<ContactValues>(initial);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sendQuery = useApiMutation(openContactQueryRoute);
  const emailRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const update = (field: keyof ContactValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    // An error goes as soon as the field is fixed, not only on the next submit.
    if (field !== 'pid' && errors[field]) {
      setErrors((current) => ({
        ...current,
        [field]: validateContact({ ...values, [field]: value })[field],
      }));
    }
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setOutcome(null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContact(values);
    setErrors(found);
    if (found.email || found.message) {
      setOutcome(null);
      (found.email ? emailRef : messageRef).current?.focus();
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      const answer = await sendQuery.mutateAsync({
        body: {
          pid: values.pid.trim(),
          contactemail: values.email.trim(),
          contactmessage: values.message.trim(),
        },
      });
      setOutcome({ kind: 'success', text: answer.message || copy.success });
      setValues((current) => ({ ...current, message: '' }));
    } catch (error) {
      setOutcome({ kind: 'failure', text: errorMessage(error, copy.failure) });
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={submit}
      aria-labelledby="contact-form-heading"
    >
      <h2 id="contact-form-heading" className={styles.formHeading}>
        {copy.formHeading}
      </h2>
      <Field
        label={copy.profileId}
        name="pid"
        optional
        hint={copy.profileIdHint}
        value={values.pid}
        onChange={(event) => update('pid')(event.target.value)}
        autoComplete="off"
      />
      <Field
        ref={emailRef}
        label={copy.email}
        name="contactemail"
        type="email"
        required
        autoComplete="email"
        value={values.email}
        error={errors.email}
        onChange={(event) => update('email')(event.target.value)}
      />
      <TextArea
        ref={messageRef}
        label={copy.message}
        name="contactmessage"
        required
        rows={6}
        value={values.message}
        error={errors.message}
        onChange={(event) => update('message')(event.target.value)}
      />
      {/* Always in the DOM, so the result is announced when it appears. */}
      <div aria-live="polite">
        {outcome?.kind === 'success' ? <p className={styles.success}>{outcome.text}</p> : null}
      </div>
      {outcome?.kind === 'failure' ? (
        <p className={styles.failure} role="alert">
          {outcome.text}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={reset} disabled={sending}>
          {copy.reset}
        </Button>
        <Button type="submit" loading={sending} loadingLabel={copy.sending}>
          {copy.send}
        </Button>
      </div>
    </form>
  );
}
