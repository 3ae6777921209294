import { loginInfluencerRoute } from '@shortlist/domain/contract';
import {
  ApiError,
  Button,
  Field,
  Logo,
  PasswordField,
  saveInfluencerSession,
  useApiMutation,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { messages } from '../../shared/messages';
import { paths } from '../../shared/paths';
import styles from './login-screen.module.css';

const copy = messages.login;
const MIN_PASSWORD_LENGTH = 8;

/** Where the guard sent the visitor from, and why (SPEC §8: no token). */
function arrivalOf(state: unknown): { noToken: boolean; from: string | null } {
  if (typeof state !== 'object' || state === null) return { noToken: false, from: null };
  const { reason, from } = state as { reason?: unknown; from?: unknown };
  return {
    noToken: reason === 'noToken',
    from: typeof from === 'string' && from.startsWith('/') && from !== paths.login ? from : null,
  };
}

/** SPEC §8: the server's 'Invalid login' for a refused login, 'Server error' for anything else. */
function loginFailure(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.status === 401 ? copy.invalid : (error.serverMessage ?? copy.invalid);
  }
  return copy.serverError;
}

/** SPEC §2 /influencer/login: e-mail trimmed and lower-cased, password of at least 8. */
export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = arrivalOf(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useApiMutation(loginInfluencerRoute);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cleanEmail = email.trim().toLowerCase();
    if (cleanEmail === '' || password === '') {
      setError(copy.required);
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(copy.tooShort);
      return;
    }
    setError(null);
    try {
      const answer = await login.mutateAsync({ body: { email: cleanEmail, password } });
      saveInfluencerSession({ token: answer.token, ...answer.influencer });
      navigate(arrival.from ?? paths.dashboard, { replace: true });
    } catch (failure) {
      setError(loginFailure(failure));
    }
  };

  return (
    <main className={styles.page}>
      <title>{messages.title(copy.title)}</title>
      <section className={styles.card} aria-labelledby="login-heading">
        <Logo area={messages.area} />
        <h1 id="login-heading" className={styles.heading}>
          {copy.heading}
        </h1>
        <p className={styles.lead}>{copy.lead}</p>
        {arrival.noToken && error === null ? (
          <p className={styles.notice} role="status">
            {messages.load.noToken}
          </p>
        ) : null}
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
            hint={copy.passwordHint}
            name="password"
            autoComplete="current-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div id="login-error">
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <Button type="submit" loading={login.isPending} loadingLabel={copy.submitting}>
            {copy.submit}
          </Button>
        </form>
        <p className={styles.kit}>
          <a href="/influencer-kit">{copy.kit}</a>
        </p>
      </section>
    </main>
  );
}
