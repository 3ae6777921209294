import { type OrderView, uploadOrderAttachmentRoute } from '@shortlist/domain/contract';
import { Button, Dialog, errorMessage, FileDrop, useApiUpload, useToast } from '@shortlist/web-kit';
import { type FormEvent, useState } from 'react';
import { shortId } from '../../shared/format';
import { messages } from '../../shared/messages';
import styles from './orders.module.css';

const copy = messages.orders;

/** The API's cap on one document (files/document-sniffer.ts); checked here to fail fast. */
export const MAX_DELIVERY_BYTES = 10 * 1024 * 1024;

/** Attach delivery file: one PDF, DOC or DOCX, with upload progress (SPEC §2, §5). */
export function AttachFileDialog({
  order,
  onClose,
}: {
  order: OrderView | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useApiUpload(uploadOrderAttachmentRoute);

  const close = () => {
    setFile(null);
    setError(null);
    setProgress(null);
    upload.reset();
    onClose();
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setError(chosen !== null && chosen.size > MAX_DELIVERY_BYTES ? copy.fileTooLarge : null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (order === null) return;
    if (file === null) {
      setError(copy.fileRequired);
      return;
    }
    if (file.size > MAX_DELIVERY_BYTES) {
      setError(copy.fileTooLarge);
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    setProgress(0);
    try {
      const answer = await upload.mutateAsync({
        params: { id: order.id },
        form,
        onProgress: setProgress,
      });
      toast.show(answer.message || copy.attachmentUploaded, { tone: 'success' });
      close();
    } catch (failure) {
      const message = errorMessage(failure, copy.uploadFailed);
      setProgress(null);
      setError(message);
      toast.show(message, { tone: 'danger' });
    }
  };

  return (
    <Dialog
      open={order !== null}
      onClose={close}
      title={copy.attachTitle}
      busy={upload.isPending}
      closeLabel={messages.common.close}
    >
      <form noValidate onSubmit={(event) => void submit(event)} className={styles.dialogForm}>
        <p className={styles.lead}>{copy.attachLead(order ? shortId(order.id) : '')}</p>
        <FileDrop
          label={copy.file}
          hint={copy.fileHint}
          file={file}
          onFileChange={choose}
          error={error}
          invalidTypeMessage={copy.fileRequired}
          progress={progress}
          disabled={upload.isPending}
          name="file"
        />
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={close} disabled={upload.isPending}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" loading={upload.isPending} loadingLabel={copy.uploading}>
            {copy.upload}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
