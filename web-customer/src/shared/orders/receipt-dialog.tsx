import { getOrderReceiptRoute } from '@shortlist/domain/contract';
import {
  Button,
  Dialog,
  ErrorState,
  LoadingState,
  saveBlob,
  useApiQuery,
} from '@shortlist/web-kit';
import { flowMessages } from '../flow-messages';
import styles from './receipt-dialog.module.css';

const copy = flowMessages.orders;

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
  // Shown while `url` is set (a paid order has one); the page itself is the contract's route.
  const receipt = useApiQuery(
    getOrderReceiptRoute,
    { params: { id: orderId } },
    { enabled: url !== null && orderId !== '' },
  );
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
            disabled={!receipt.isSuccess}
            onClick={() => {
              if (receipt.isSuccess) {
                saveBlob(
                  new Blob([receipt.data], { type: 'text/html' }),
                  `receipt-${orderId}.html`,
                );
              }
            }}
          >
            {copy.downloadReceipt}
          </Button>
        </>
      }
    >
      {receipt.isPending ? <LoadingState /> : null}
      {receipt.isError ? (
        <ErrorState message={copy.receiptFailed} onRetry={() => void receipt.refetch()} />
      ) : null}
      {receipt.isSuccess ? (
        <iframe
          className={styles.receiptFrame}
          title={copy.receiptFrame}
          sandbox=""
          srcDoc={receipt.data}
        />
      ) : null}
    </Dialog>
  );
}
