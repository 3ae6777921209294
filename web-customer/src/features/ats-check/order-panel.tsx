import { placeServiceOrderRoute, type UploadService } from '@shortlist/domain/contract';
import {
  ApiError,
  Button,
  formatFileSize,
  TextArea,
  useApiUpload,
  useCurrency,
} from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { loginPath, paths } from '../../shared/paths';
import { atsMessages as copy } from './ats-check.messages';
import styles from './ats-check.module.css';
import { atsOrderForm } from './ats-order-form';
import { orderReturnPath } from './order-return-path';
import { clearPendingOrder, savePendingOrder } from './pending-order-store';

/** The order of a review or rewrite for the file that was checked: no second upload. */
export function OrderPanel({
  service,
  file,
  jobDescription,
  onCancel,
}: {
  service: UploadService;
  file: File;
  /** The job description the file was checked against ('' for none). */
  jobDescription: string;
  onCancel: () => void;
}) {
  const navigate = useNavigate();
  const [currency] = useCurrency();
  const place = useApiUpload(placeServiceOrderRoute);
  const [notes, setNotes] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const title = copy.offers[service].title;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (place.isPending) return;
    setFailure(null);
    setProgress(0);
    try {
      const { orderId } = await place.mutateAsync({
        form: atsOrderForm({ service, description: notes, file, currency }, jobDescription),
        onProgress: setProgress,
      });
      await clearPendingOrder();
      navigate(`${paths.checkout}?orderId=${encodeURIComponent(orderId)}`);
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError && error.status === 401) {
        // The session ended meanwhile: keep the file and come back here after logging in.
        await savePendingOrder(service, file, jobDescription);
        navigate(loginPath(orderReturnPath(service)));
        return;
      }
      setFailure(
        error instanceof ApiError && error.serverMessage ? error.serverMessage : copy.orderFailed,
      );
    }
  };

  return (
    <form className={styles.order} onSubmit={submit} noValidate aria-labelledby="ats-order-heading">
      <h3 id="ats-order-heading" className={styles.panelHeading}>
        {copy.orderHeading(title)}
      </h3>
      <p>
        {copy.orderFile(file.name)} ({formatFileSize(file.size)})
      </p>
      <TextArea
        label={copy.notes}
        hint={copy.notesHint}
        rows={3}
        name="description"
        value={notes}
        disabled={place.isPending}
        onChange={(event) => setNotes(event.target.value)}
      />
      {progress !== null ? (
        <progress
          className={styles.progress}
          max={100}
          value={progress}
          aria-label={copy.placing}
        />
      ) : null}
      {failure ? (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" loading={place.isPending} loadingLabel={copy.placing}>
          {copy.placeOrder}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={place.isPending}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  );
}
