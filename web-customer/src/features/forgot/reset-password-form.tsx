import { MIN_PASSWORD_LENGTH, setNewPasswordRoute } from '@shortlist/domain/contract';
import { Button, errorMessage, PasswordField, useApiMutation } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import styles from '../../shared/auth-layout/auth-layout.module.css';
import { flowMessages } from '../../shared/flow-messages';
import { paths } from '../../shared/paths';
import { ForgotLinks } from './forgot-links';

const copy = flowMessages.forgot;

type Errors = { password?: string; confirm?: string };

export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const setNewPassword = useApiMutation(setNewPasswordRoute);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    if (password.length < MIN_PASSWORD_LENGTH) found.password = copy.tooShort;
    else if (password !== confirm) found.confirm = copy.mismatch;
    setErrors(found);
    setFailure(null);
    if (found.password || found.confirm) return;
    setBusy(true);
    try {
      await setNewPassword.mutateAsync({ body: { token, password } });
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error, copy.failed));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <>
        <div className={styles.success} role="status">
          <p>{copy.updated}</p>
          <Link to={paths.login}>{copy.login}</Link>
        </div>
        <ForgotLinks requestNew={false} />
      </>
    );
  }

  return (
    <>
      <form className={styles.form} noValidate onSubmit={submit}>
        <PasswordField
          label={copy.newPassword}
          hint={copy.passwordHint}
          name="password"
          autoComplete="new-password"
          required
          error={errors.password}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <PasswordField
          label={copy.confirmPassword}
          name="confirm"
          autoComplete="new-password"
          required
          showLabel="Show confirm password"
          hideLabel="Hide confirm password"
          error={errors.confirm}
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
        />
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
        <Button type="submit" className={styles.submit} loading={busy} loadingLabel={copy.updating}>
          {copy.update}
        </Button>
      </form>
      <ForgotLinks requestNew />
    </>
  );
}
