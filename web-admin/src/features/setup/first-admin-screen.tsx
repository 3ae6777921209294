import { createFirstAdminRoute } from '@shortlist/domain/contract';
import { Button, errorMessage, Field, PasswordField, useApiMutation } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { messages } from '../../shared/messages';
import { loginUrl } from '../../shared/paths';
import styles from './first-admin-screen.module.css';

const copy = messages.setup;

/** The token from the link `npm start` prints: in the fragment, so no log or Referer sees it. */
function tokenFromFragment(): string {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';
}

/**
 * The first admin, created by the person who ran `npm start` with the one-time link it printed
 * (no admin yet, no ADMIN_EMAIL). Outside the admin guard: nobody can sign in as admin yet.
 */
export function FirstAdminScreen() {
  const [token] = useState(tokenFromFragment);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [cpassword, setCpassword] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useApiMutation(createFirstAdminRoute);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const answer = await create.mutateAsync({ body: { token, email, password, cpassword } });
      setDone(answer.message);
    } catch (error) {
      setFailure(errorMessage(error, copy.failed));
    }
  };

  return (
    <main className={styles.page}>
      <title>{messages.title(copy.title)}</title>
      <div className={styles.card}>
        <h1 className={styles.heading}>{copy.title}</h1>
        {done !== null ? (
          <>
            <p role="status">{done}</p>
            <a className={styles.login} href={loginUrl('/admin')}>
              {copy.logIn}
            </a>
          </>
        ) : token === '' ? (
          <p role="alert">{copy.noToken}</p>
        ) : (
          <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)}>
            <p className={styles.lead}>{copy.lead}</p>
            <Field
              label={copy.email}
              type="email"
              autoComplete="username"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <PasswordField
              label={copy.password}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <PasswordField
              label={copy.confirm}
              autoComplete="new-password"
              value={cpassword}
              onChange={(event) => setCpassword(event.target.value)}
            />
            {failure ? (
              <p className={styles.error} role="alert">
                {failure}
              </p>
            ) : null}
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? copy.submitting : copy.submit}
            </Button>
          </form>
        )}
      </div>
    </main>
  );
}
