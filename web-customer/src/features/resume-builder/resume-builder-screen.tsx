import { parseCurrency } from '@shortlist/domain';
import { getResumeDraftRoute, placeResumeOrderRoute } from '@shortlist/domain/contract';
import {
  Button,
  Stepper,
  useApiMutation,
  useApiQuery,
  useCurrency,
  useSession,
} from '@shortlist/web-kit';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { flowMessages } from '../../shared/flow-messages';
import { paths } from '../../shared/paths';
import { useDraftAutosave } from './draft-autosave';
import { EntryList } from './entry-list';
import { PersonalStep } from './personal-step';
import { PreviewPdfButton } from './preview-pdf-button';
import styles from './resume-builder.module.css';
import {
  clearDraft,
  emptyDraft,
  fromServerDraft,
  loadDraft,
  type StoredDraft,
} from './resume-draft';
import { resumeSaveFailure } from './resume-save-failure';
import { SavingOverlay } from './saving-overlay';
import type { StepProps } from './step-props';
import { TargetStep } from './target-step';
import { SkillsStep, SummaryStep } from './text-steps';
import { errorsOfStep, validateResume } from './validate-resume';

const copy = flowMessages.builder;
const LAST_STEP = copy.steps.length - 1;

function stepContent(step: number, props: StepProps, pid: string): ReactNode {
  switch (step) {
    case 0:
      return <TargetStep {...props} />;
    case 1:
      return <PersonalStep {...props} pid={pid} />;
    case 2:
      return <SummaryStep {...props} />;
    case 3:
      return <EntryList {...props} list="work" />;
    case 4:
      return <EntryList {...props} list="edu" />;
    case 5:
      return <SkillsStep {...props} />;
    case 6:
      return <EntryList {...props} list="projects" />;
    case 7:
      return <EntryList {...props} list="certs" />;
    default:
      return <EntryList {...props} list="langs" />;
  }
}

/**
 * SPEC §2 Resume Builder. Opens on the draft saved to the account (from any device), unless this
 * tab holds changes the server never got; while the saved draft loads, a short notice. A draft
 * that cannot be loaded (offline) leaves the tab's copy or an empty form.
 */
export function ResumeBuilderScreen() {
  const { user } = useSession();
  const [tabDraft] = useState(loadDraft);
  const tabAhead = tabDraft !== null && tabDraft.synced !== true;
  const saved = useApiQuery(
    getResumeDraftRoute,
    {},
    { enabled: !tabAhead, staleTime: 0, gcTime: 0 },
  );
  if (!tabAhead && saved.isPending) {
    return (
      <div className={styles.page}>
        <title>{copy.title}</title>
        <p className={styles.hint} role="status">
          {copy.draftLoading}
        </p>
      </div>
    );
  }
  const serverDraft = tabAhead ? null : (saved.data?.draft ?? null);
  const initial: StoredDraft = (serverDraft === null ? null : fromServerDraft(serverDraft)) ??
    tabDraft ?? { step: 0, draft: emptyDraft({ name: user?.name, email: user?.email }) };
  return <ResumeBuilderForm initial={initial} />;
}

/** The 9 steps, checked with the domain schema, then checkout. */
function ResumeBuilderForm({ initial }: { initial: StoredDraft }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const placeOrder = useApiMutation(placeResumeOrderRoute);
  const [searchParams] = useSearchParams();
  const [storedCurrency] = useCurrency();
  const currency = parseCurrency(searchParams.get('currency')) ?? storedCurrency;
  const pid = user?.id ?? '';
  const [state, setState] = useState<StoredDraft>(initial);
  const { step, draft } = state;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Bumped to move focus after a render: to the first invalid control, or to the step heading.
  const [focusRequest, setFocusRequest] = useState<{ kind: 'error' | 'step'; at: number } | null>(
    null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);
  const [keepDraft, setKeepDraft] = useState(true);
  const autosave = useDraftAutosave(state, keepDraft && !saving);

  useEffect(() => {
    if (focusRequest === null) return;
    if (focusRequest.kind === 'error') {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.scrollIntoView?.({ block: 'center' });
      invalid?.focus({ preventScroll: true });
    } else {
      window.scrollTo?.({ top: 0 });
      stepHeadingRef.current?.focus({ preventScroll: true });
    }
  }, [focusRequest]);

  const change: StepProps['change'] = (update, fieldId) => {
    setState((current) => ({ ...current, draft: update(current.draft) }));
    if (fieldId === '') return;
    setErrors((current) => {
      const prefix = fieldId.endsWith('-');
      const kept = Object.entries(current).filter(([id]) =>
        prefix ? !id.startsWith(fieldId) : id !== fieldId,
      );
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  };

  const goTo = (target: number) => {
    setState((current) => ({ ...current, step: target }));
    setErrors({});
    setFailure(null);
    setFocusRequest({ kind: 'step', at: Date.now() });
  };

  const showIssues = (targetStep: number, issues: Parameters<typeof errorsOfStep>[0]) => {
    setState((current) => ({ ...current, step: targetStep }));
    setErrors(errorsOfStep(issues, targetStep));
    setFocusRequest({ kind: 'error', at: Date.now() });
  };

  const next = () => {
    const result = validateResume(draft, pid, currency);
    const here = result.ok ? [] : result.issues.filter((issue) => issue.step === step);
    if (here.length > 0) {
      showIssues(step, here);
      return;
    }
    goTo(Math.min(step + 1, LAST_STEP));
  };

  const submit = async () => {
    const result = validateResume(draft, pid, currency);
    if (!result.ok) {
      const first = result.issues[0];
      if (first) showIssues(first.step, result.issues);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      await autosave.settled();
      const saved = await placeOrder.mutateAsync({ body: result.payload });
      // SPEC §4: the form clears; with an order the customer goes on to pay for it.
      setKeepDraft(false);
      clearDraft();
      setState({ step: 0, draft: emptyDraft({ name: user?.name, email: user?.email }) });
      setSaving(false);
      navigate(
        saved.orderId
          ? `${paths.checkout}?orderId=${encodeURIComponent(saved.orderId)}`
          : paths.orders,
      );
    } catch (error) {
      setSaving(false);
      setFailure(resumeSaveFailure(error));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    if (step < LAST_STEP) next();
    else void submit();
  };

  const backToTop = () => {
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
    headingRef.current?.focus({ preventScroll: true });
  };

  const stepName = copy.steps[step] ?? '';
  const props: StepProps = { draft, errors, change };

  return (
    <div className={styles.page}>
      <title>{copy.title}</title>
      <header className={styles.header}>
        <h1 ref={headingRef} tabIndex={-1} className={styles.heading}>
          {copy.heading}
        </h1>
        <p className={styles.lead}>{copy.lead}</p>
        <p className={styles.hint}>{copy.currency(currency)}</p>
      </header>
      <Stepper
        className={styles.stepper}
        steps={copy.steps}
        current={step}
        label="Resume steps"
        onStepSelect={saving ? undefined : goTo}
      />
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        onSubmit={onSubmit}
        inert={saving || undefined}
        aria-labelledby="rb-step-heading"
      >
        <h2 id="rb-step-heading" ref={stepHeadingRef} tabIndex={-1} className={styles.stepHeading}>
          {copy.stepHeading(step, stepName)}
        </h2>
        {stepContent(step, props, pid)}
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
        <p className={styles.autosave} role="status" aria-live="polite">
          {copy.autosave[autosave.status]}
        </p>
        <div className={styles.nav}>
          {step > 0 ? (
            <Button variant="secondary" onClick={() => goTo(step - 1)}>
              {copy.back}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={backToTop}>
            {copy.backToTop}
          </Button>
          {step === LAST_STEP ? (
            <PreviewPdfButton
              validate={() => validateResume(draft, pid, currency)}
              onInvalid={(issues) => issues[0] && showIssues(issues[0].step, issues)}
            />
          ) : null}
          <Button type="submit" className={styles.primary}>
            {step < LAST_STEP ? copy.next : copy.submit}
          </Button>
        </div>
      </form>
      {saving ? <SavingOverlay /> : null}
    </div>
  );
}
