import {
  type AtsReportView,
  atsCheckRoute,
  isUploadService,
  type UploadService,
} from '@shortlist/domain/contract';
import {
  ApiError,
  Button,
  FileDrop,
  isAbortError,
  RESUME_FILE_MESSAGE,
  Skeleton,
  TextArea,
  useApiUpload,
  useSession,
  VisuallyHidden,
} from '@shortlist/web-kit';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../shared/page-header';
import { atsMessages as copy } from './ats-check.messages';
import styles from './ats-check.module.css';
import { AtsOffers } from './ats-offers';
import { AtsResult } from './ats-result';
import { OrderPanel } from './order-panel';
import { loadPendingOrder, type PendingOrder } from './pending-order-store';

/** The check's form fields, in the order the server reads them (the text before the file). */
export function atsCheckForm(file: File, jobDescription: string): FormData {
  const form = new FormData();
  if (jobDescription.trim() !== '') form.append('jobDescription', jobDescription);
  form.append('file', file, file.name);
  return form;
}

type Pending =
  | { state: 'none' }
  | { state: 'loading' }
  | { state: 'found'; order: PendingOrder }
  | { state: 'gone' };

/** Back from signing in with ?order=: the file kept in this browser, if it still is. */
function usePendingOrder(service: UploadService | null, signedIn: boolean) {
  const [pending, setPending] = useState<Pending>({ state: 'none' });
  useEffect(() => {
    if (service === null || !signedIn) {
      setPending({ state: 'none' });
      return;
    }
    let live = true;
    setPending({ state: 'loading' });
    void loadPendingOrder().then((order) => {
      if (!live) return;
      setPending(
        order !== null && order.service === service ? { state: 'found', order } : { state: 'gone' },
      );
    });
    return () => {
      live = false;
    };
  }, [service, signedIn]);
  return [pending, setPending] as const;
}

/** /ats-check: the free check, open to everyone, and the way into a paid order. */
export function AtsCheckScreen() {
  const { signedIn } = useSession();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('order');
  const service = isUploadService(requested) ? requested : null;
  const [pending, setPending] = usePendingOrder(service, signedIn);
  const check = useApiUpload(atsCheckRoute);
  const [file, setFile] = useState<File | null>(null);
  const [jobDescription, setJobDescription] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{
    report: AtsReportView;
    file: File;
    jobDescription: string;
  } | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (result !== null) resultHeading.current?.focus();
  }, [result]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.isPending) return;
    if (file === null) {
      setFileError(RESUME_FILE_MESSAGE);
      return;
    }
    setFailure(null);
    setProgress(0);
    controller.current = new AbortController();
    try {
      const report = await check.mutateAsync({
        form: atsCheckForm(file, jobDescription),
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      setResult({ report, file, jobDescription });
    } catch (error) {
      if (isAbortError(error)) return;
      setResult(null);
      setFailure(
        error instanceof ApiError && error.serverMessage ? error.serverMessage : copy.failed,
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className={styles.page}>
      <title>{copy.title}</title>
      <PageHeader
        eyebrow={copy.eyebrow}
        heading={copy.heading}
        lead={copy.lead}
        headingId="ats-heading"
      />

      {service !== null && pending.state === 'found' ? (
        <OrderPanel
          service={service}
          file={pending.order.file}
          jobDescription={pending.order.jobDescription}
          onCancel={() => setPending({ state: 'none' })}
        />
      ) : null}
      {service !== null && pending.state === 'gone' ? (
        <p className={styles.limitation} role="status">
          {copy.fileGone}
        </p>
      ) : null}

      <form className={styles.form} noValidate onSubmit={submit} aria-labelledby="ats-heading">
        <FileDrop
          label={copy.file}
          file={file}
          onFileChange={(chosen) => {
            setFile(chosen);
            if (chosen) setFileError(null);
          }}
          error={fileError}
          hint={copy.privacy}
          progress={progress}
          disabled={check.isPending}
          name="file"
        />
        <TextArea
          label={copy.jobDescription}
          optional
          hint={copy.jobDescriptionHint}
          rows={5}
          name="jobDescription"
          value={jobDescription}
          disabled={check.isPending}
          onChange={(event) => setJobDescription(event.target.value)}
        />
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" loading={check.isPending} loadingLabel={copy.submitting}>
            {copy.submit}
          </Button>
        </div>
      </form>

      {check.isPending ? (
        <div className={styles.loading} role="status">
          <VisuallyHidden>{copy.submitting}</VisuallyHidden>
          <Skeleton height="6rem" />
          <Skeleton height="14rem" />
        </div>
      ) : null}
      {result !== null && !check.isPending ? (
        <>
          <AtsResult report={result.report} headingRef={resultHeading} />
          <AtsOffers file={result.file} jobDescription={result.jobDescription} />
        </>
      ) : null}
    </div>
  );
}
