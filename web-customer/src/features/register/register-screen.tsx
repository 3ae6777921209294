import { registerAccountRoute } from '@shortlist/domain/contract';
import {
  ApiError,
  Button,
  Checkbox,
  callApi,
  errorMessage,
  Field,
  PasswordField,
  saveSession,
  useApiClient,
  useToast,
} from '@shortlist/web-kit';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AuthLayout } from '../../shared/auth-layout/auth-layout';
import styles from '../../shared/auth-layout/auth-layout.module.css';
import { flowMessages } from '../../shared/flow-messages';
import { nextPathFrom, paths } from '../../shared/paths';
import { resolveReferralCampaign, resolveReferralCode } from './referral-code';

const copy = flowMessages.register;

/** SPEC §9: the welcome toast after 1100 ms, the redirect after 1200 ms. */
export const REGISTER_TOAST_DELAY_MS = 1100;
export const REGISTER_REDIRECT_DELAY_MS = 1200;

type Outcome = { kind: 'error' | 'success'; text: string } | null;

/** SPEC §2 Register (also at /signup). */
export function RegisterScreen() {
  const navigate = useNavigate();
  const client = useApiClient();
  const location = useLocation();
  const toast = useToast();
  const referralCode = useMemo(() => resolveReferralCode(location.search), [location.search]);
  const referralCampaign = useMemo(
    () => (referralCode ? resolveReferralCampaign(location.search) : null),
    [referralCode, location.search],
  );
  const [values, setValues] = useState({ name: '', email: '', password: '', cpassword: '' });
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const later = (delay: number, action: () => void) => {
    timers.current.push(setTimeout(action, delay));
  };

  // SPEC §5: shown inline on the confirm field as soon as both are typed and differ.
  const mismatch =
    values.cpassword !== '' && values.password !== values.cpassword ? copy.mismatch : null;

  const set = (field: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const name = values.name.trim();
    const email = values.email.trim().toLowerCase();
    if (name === '' || email === '' || values.password === '' || values.cpassword === '') {
      setOutcome({ kind: 'error', text: copy.fillAll });
      return;
    }
    if (values.password !== values.cpassword) {
      setOutcome({ kind: 'error', text: copy.mismatch });
      return;
    }
    if (!terms) {
      setTermsError(copy.acceptTerms);
      setOutcome({ kind: 'error', text: copy.acceptTerms });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      // SPEC §5: the referral code travels in the body and in X-Ref.
      const answer = await callApi(
        client,
        registerAccountRoute,
        {
          body: {
            name,
            email,
            password: values.password,
            cpassword: values.cpassword,
            ...(referralCode ? { referralCode } : {}),
            ...(referralCode && referralCampaign ? { referralCampaign } : {}),
          },
        },
        { headers: referralCode ? { 'X-Ref': referralCode } : {} },
      );
      if (answer.token) {
        // SPEC §3: a registration keeps its session in local storage.
        saveSession({ token: answer.token, user: answer.user ?? null }, { remember: true });
        const text = answer.message || copy.welcome;
        setOutcome({ kind: 'success', text });
        later(REGISTER_TOAST_DELAY_MS, () => toast.show(text, { tone: 'success' }));
        // A `next` (the ATS check's order, SPEC §6's login links) wins over / as after login.
        const next = nextPathFrom(location) ?? paths.root;
        later(REGISTER_REDIRECT_DELAY_MS, () => navigate(next, { replace: true }));
      } else {
        setOutcome({ kind: 'success', text: answer.message || copy.pleaseLogin });
        later(REGISTER_REDIRECT_DELAY_MS, () => navigate(paths.login, { replace: true }));
      }
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.status === 409) {
        window.alert(copy.alreadyRegistered);
        navigate(paths.login);
        return;
      }
      setOutcome({ kind: 'error', text: errorMessage(failure, copy.failed) });
    }
  };

  const missing = (value: string) => submitted && value.trim() === '';

  return (
    <AuthLayout title={copy.title} heading={copy.heading} lead={copy.lead}>
      <form className={styles.form} noValidate onSubmit={submit}>
        <Field
          label={copy.name}
          name="name"
          autoComplete="name"
          required
          aria-invalid={missing(values.name) || undefined}
          value={values.name}
          onChange={(event) => set('name')(event.target.value)}
        />
        <Field
          label={copy.email}
          type="email"
          name="email"
          autoComplete="email"
          required
          aria-invalid={missing(values.email) || undefined}
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
        />
        <PasswordField
          label={copy.password}
          hint={copy.passwordHint}
          name="password"
          autoComplete="new-password"
          required
          aria-invalid={missing(values.password) || undefined}
          value={values.password}
          onChange={(event) => set('password')(event.target.value)}
        />
        <PasswordField
          label={copy.confirm}
          name="cpassword"
          autoComplete="new-password"
          required
          showLabel="Show confirm password"
          hideLabel="Hide confirm password"
          error={mismatch}
          value={values.cpassword}
          onChange={(event) => set('cpassword')(event.target.value)}
        />
        <Checkbox
          name="terms"
          checked={terms}
          error={termsError}
          onChange={(event) => {
            setTerms(event.target.checked);
            if (event.target.checked) setTermsError(null);
          }}
          label={
            <>
              {copy.termsStart} <Link to={paths.terms}>{copy.terms}</Link> {copy.termsAnd}{' '}
              <Link to={paths.privacy}>{copy.privacy}</Link>
            </>
          }
        />
        {referralCode ? <p className={styles.note}>{copy.referral(referralCode)}</p> : null}
        <div aria-live="polite">
          {outcome?.kind === 'success' ? <p className={styles.success}>{outcome.text}</p> : null}
        </div>
        {outcome?.kind === 'error' ? (
          <p className={styles.error} role="alert">
            {outcome.text}
          </p>
        ) : null}
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
        {copy.haveAccount} <Link to={paths.login}>{copy.login}</Link>
      </p>
    </AuthLayout>
  );
}
