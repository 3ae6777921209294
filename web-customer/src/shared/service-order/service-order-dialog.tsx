import { placeServiceOrderRoute, type UploadService } from '@shortlist/domain/contract';
import {
  ApiError,
  Button,
  Dialog,
  FileDrop,
  RESUME_FILE_MESSAGE,
  TextArea,
  useApiUpload,
  useCurrency,
  useSession,
} from '@shortlist/web-kit';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { flowMessages } from '../flow-messages';
import { loginPath, paths } from '../paths';
import { serviceOrderForm } from './place-service-order';
import styles from './service-order-dialog.module.css';

const copy = flowMessages.serviceOrder;

/** SPEC §9: the notes box is 4 rows. */
export const NOTES_ROWS = 4;

export interface ServiceOrderDialogProps {
  /** The service whose dialog is open; null keeps it closed. */
  service: UploadService | null;
  onClose: () => void;
}

/** SPEC §8: the server's message, else the error's own message, else the fallback. */
export function serviceOrderFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    // "No response from server" says something; "Request failed with status 500" does not.
    return error.status === 0 ? error.message : copy.failed;
  }
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return copy.failed;
}

/**
 * The upload dialogs of Home and Pricing (SPEC §2, §4, §5): 'ATS Resume – Rewrite' asks for notes
 * then the file, 'Resume Review' the file then notes. While submitting, Escape, the backdrop and
 * the buttons do nothing; success resets the form and goes to checkout.
 */
export function ServiceOrderDialog({ service, onClose }: ServiceOrderDialogProps) {
  const navigate = useNavigate();
  const placeOrder = useApiUpload(placeServiceOrderRoute);
  const location = useLocation();
  const { signedIn } = useSession();
  const [currency] = useCurrency();
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const reset = () => {
    setFile(null);
    setNotes('');
    setFileError(null);
    setFailure(null);
    setProgress(null);
  };

  const close = () => {
    if (submitting) return;
    reset();
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!service || submitting) return;
    if (!signedIn) {
      // SPEC §8: signed-out users go to login instead of seeing an error.
      navigate(loginPath(`${location.pathname}?open=${service}`));
      return;
    }
    if (!file) {
      setFileError(RESUME_FILE_MESSAGE);
      return;
    }
    setSubmitting(true);
    setFailure(null);
    setProgress(0);
    controller.current = new AbortController();
    try {
      const { orderId } = await placeOrder.mutateAsync({
        form: serviceOrderForm({ service, description: notes, file, currency }),
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      setSubmitting(false);
      reset();
      onClose();
      navigate(`${paths.checkout}?orderId=${encodeURIComponent(orderId)}`);
    } catch (error) {
      setSubmitting(false);
      setProgress(null);
      if (error instanceof DOMException && error.name === 'AbortError') return;
      if (error instanceof ApiError && error.status === 401) {
        navigate(loginPath(`${location.pathname}?open=${service}`));
        return;
      }
      setFailure(serviceOrderFailure(error));
    }
  };

  const formId = 'service-order-form';
  const fileField = (
    <FileDrop
      key="file"
      label={copy.file}
      file={file}
      onFileChange={(chosen) => {
        setFile(chosen);
        if (chosen) setFileError(null);
      }}
      error={fileError}
      hint={copy.cloudNote}
      progress={progress}
      disabled={submitting}
      name="file"
    />
  );
  const notesField = (
    <TextArea
      key="notes"
      label={copy.notes}
      optional
      hint={copy.notesHint}
      rows={NOTES_ROWS}
      name="description"
      value={notes}
      disabled={submitting}
      onChange={(event) => setNotes(event.target.value)}
    />
  );
  // SPEC §2: rewrite asks for notes then the file; review the file then notes.
  const fields: ReactNode[] =
    service === 'resume_rewrite' ? [notesField, fileField] : [fileField, notesField];

  return (
    <Dialog
      open={service !== null}
      onClose={close}
      busy={submitting}
      title={service ? copy.titles[service] : ''}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={submitting}>
            {copy.cancel}
          </Button>
          <Button type="submit" form={formId} loading={submitting} loadingLabel={copy.submitting}>
            {copy.submit}
          </Button>
        </>
      }
    >
      {service ? (
        <form id={formId} className={styles.form} noValidate onSubmit={submit}>
          <p className={styles.lead}>{copy.leads[service]}</p>
          {fields}
          {failure ? (
            <p className={styles.error} role="alert">
              {failure}
            </p>
          ) : null}
        </form>
      ) : null}
    </Dialog>
  );
}
