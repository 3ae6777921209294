import { createInfluencerRoute, MIN_PASSWORD_LENGTH } from '@shortlist/domain/contract';
import {
  Button,
  Dialog,
  errorMessage,
  Field,
  PasswordField,
  useApiMutation,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { messages } from '../../shared/messages';
import styles from './influencers-screen.module.css';
import { OneTimePassword } from './one-time-password';

const copy = messages.influencers;

/** SPEC §2, §5: name, email and password ('Fill all fields'); the password is shown once. */
export function CreateInfluencerForm() {
  const toast = useToast();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ name: string; password: string } | null>(null);
  const create = useApiMutation(createInfluencerRoute);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '' || email.trim() === '' || password === '') {
      setError(copy.fillAll);
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(copy.minimum);
      return;
    }
    setError(null);
    try {
      const answer = await create.mutateAsync({
        body: { name: name.trim(), email: email.trim().toLowerCase(), password },
      });
      toast.show(answer.message || copy.created, { tone: 'success' });
      setCreated({ name: answer.item.name ?? name.trim(), password: answer.plainPassword });
      setName('');
      setEmail('');
      setPassword('');
    } catch (failure) {
      const message = errorMessage(failure, copy.createFailed);
      setError(message);
      toast.show(message, { tone: 'danger' });
    }
  };

  return (
    <section className={styles.card} aria-labelledby="create-influencer">
      <h2 id="create-influencer" className={styles.cardHeading}>
        {copy.createTitle}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} aria-describedby="create-error">
        <div className={styles.formRow}>
          <Field
            label={copy.name}
            name="name"
            autoComplete="off"
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
          <Field
            label={copy.email}
            name="email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <PasswordField
            label={copy.password}
            name="password"
            autoComplete="new-password"
            hint={copy.passwordHint}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <div id="create-error">
          {error ? (
            <p className={styles.formError} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className={styles.formActions}>
          <Button type="submit" loading={create.isPending} loadingLabel={copy.creating}>
            {copy.create}
          </Button>
        </div>
      </form>
      <Dialog
        open={created !== null}
        onClose={() => setCreated(null)}
        title={copy.created}
        size="sm"
        closeLabel={messages.common.close}
        footer={<Button onClick={() => setCreated(null)}>{copy.done}</Button>}
      >
        {created ? (
          <OneTimePassword label={copy.passwordFor(created.name)} password={created.password} />
        ) : null}
      </Dialog>
    </section>
  );
}
