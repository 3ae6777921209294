import { Button, Dialog, ErrorState, LoadingState, useResource } from '@shortlist/web-kit';
import { flowMessages } from '../messages';
import { fetchOrderFile, saveBlob } from './fetch-order-file';
import styles from './receipt-dialog.module.css';

const copy = flowMessages.orders;

interface LoadedReceipt {
  blob: Blob;
  html: string;
}

/**
 * The receipt of a paid order, fetched with the token and shown in a sandboxed frame: its HTML
 * runs no script and reaches nothing of this page. Download keeps a copy.
 */
export function ReceiptDialog({
  url,
  orderId,
  onClose,
}: {
  url: string | null;
  orderId: string;
  onClose: () => void;
}) {
  const receipt = useResource<LoadedReceipt>(url, async (signal) => {
    const blob = await fetchOrderFile(url ?? '', signal);
    return { blob, html: await blob.text() };
  });
  return (
    <Dialog
      open={url !== null}
      onClose={onClose}
      title={copy.receiptTitle}
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {copy.close}
          </Button>
          <Button
            disabled={receipt.status !== 'ready'}
            onClick={() => {
              if (receipt.status === 'ready')
                saveBlob(receipt.data.blob, `receipt-${orderId}.html`);
            }}
          >
            {copy.downloadReceipt}
          </Button>
        </>
      }
    >
      {receipt.status === 'loading' ? <LoadingState /> : null}
      {receipt.status === 'error' ? (
        <ErrorState message={copy.receiptFailed} onRetry={receipt.reload} />
      ) : null}
      {receipt.status === 'ready' ? (
        <iframe
          className={styles.receiptFrame}
          title={copy.receiptFrame}
          sandbox=""
          srcDoc={receipt.data.html}
        />
      ) : null}
    </Dialog>
  );
}
