import { loginAccountRoute } from '@shortlist/domain/contract';
import {
  Button,
  Checkbox,
  errorMessage,
  Field,
  PasswordField,
  saveSession,
  useApiMutation,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../shared/auth-layout/auth-layout';
import styles from '../../shared/auth-layout/auth-layout.module.css';
import { flowMessages } from '../../shared/flow-messages';
import { isOtherAppPath, nextPathFrom, paths } from '../../shared/paths';

const copy = flowMessages.login;

/** SPEC §2 Login: e-mail, password, Remember me; then the `next` page or /home. */
export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const login = useApiMutation(loginAccountRoute);
  // Set by the admin app when the API refused its token (expired or revoked).
  const expired = new URLSearchParams(location.search).has('expired');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // SPEC §5: the e-mail is trimmed and lower-cased.
    const cleanEmail = email.trim().toLowerCase();
    if (cleanEmail === '' || password === '') {
      setError(copy.required);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await login.mutateAsync({ body: { email: cleanEmail, password } });
      // Remember me keeps the session in local storage; otherwise it ends with the tab (SPEC §3).
      saveSession({ token: answer.token, user: answer.user }, { remember });
      const next = nextPathFrom(location) ?? paths.home;
      // The admin app is another build on this origin: only a full page load reaches it.
      if (isOtherAppPath(next)) window.location.assign(next);
      else navigate(next, { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, copy.failed));
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={copy.title} heading={copy.heading} lead={copy.lead}>
      <form className={styles.form} noValidate onSubmit={submit} aria-describedby="login-error">
        <Field
          label={copy.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <PasswordField
          label={copy.password}
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className={styles.row}>
          <Checkbox
            label={copy.remember}
            hint={copy.rememberHint}
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Link to={paths.forgot}>{copy.forgot}</Link>
        </div>
        <div id="login-error">
          {expired && !error ? <p role="status">{copy.sessionEnded}</p> : null}
          {error ? (
            <p className={styles.error} role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <Button
          type="submit"
          className={styles.submit}
          loading={busy}
          loadingLabel={copy.submitting}
        >
          {copy.submit}
        </Button>
      </form>
      <p className={styles.links}>
        {copy.noAccount} <Link to={paths.register}>{copy.register}</Link>
      </p>
    </AuthLayout>
  );
}
