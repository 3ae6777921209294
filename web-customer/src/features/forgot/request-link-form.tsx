import { type RouteResponse, requestPasswordResetRoute } from '@shortlist/domain/contract';
import { Button, errorMessage, Field, useApiMutation } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import styles from '../../shared/auth-layout/auth-layout.module.css';
import { flowMessages } from '../../shared/flow-messages';
import { ForgotLinks } from './forgot-links';

const copy = flowMessages.forgot;

export function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<RouteResponse<typeof requestPasswordResetRoute> | null>(null);
  const requestLink = useApiMutation(requestPasswordResetRoute);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const clean = email.trim().toLowerCase();
    if (clean === '') {
      setError(copy.enterEmail);
      setSent(null);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setSent(await requestLink.mutateAsync({ body: { email: clean } }));
    } catch (failure) {
      setSent(null);
      setError(errorMessage(failure, copy.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form className={styles.form} noValidate onSubmit={submit}>
        <Field
          label={copy.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          error={error === copy.enterEmail ? error : null}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div aria-live="polite">
          {sent ? (
            <div className={styles.success}>
              {/* SPEC §8: the same answer whether or not an account exists. */}
              <p>{copy.sent}</p>
              {sent.devPreviewUrl ? (
                <a href={sent.devPreviewUrl} target="_blank" rel="noopener noreferrer">
                  {copy.preview}
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
        {error && error !== copy.enterEmail ? (
          <p className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit" className={styles.submit} loading={busy} loadingLabel={copy.sending}>
          {copy.send}
        </Button>
      </form>
      <ForgotLinks requestNew={false} />
    </>
  );
}
