import type { OrderView } from '@shortlist/domain/contract';
import { Button } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';
import { FileButton } from '../../shared/orders/file-button';
import { isReviewOrder, receiptUrlOf } from '../../shared/orders/order-facts';
import { useOpenDelivery } from '../../shared/orders/use-open-delivery';
import styles from './orders.module.css';

const copy = flowMessages.orders;

export interface OrderActions {
  onShowSuggestions: (orderId: string) => void;
  onShowReceipt: (order: OrderView) => void;
}

/** The builder's form as a PDF and a Word file, made on download (never stored). */
const BUILT_RESUME = ['pdf', 'docx'] as const;

/** The customer's own files (SPEC §2 Uploads column); for a built resume, its PDF and DOCX. */
export function UploadsCell({ order }: { order: OrderView }) {
  if (order.service === 'resume_from_scratch' && order.customerUploads.length === 0) {
    return (
      <ul className={styles.files}>
        {BUILT_RESUME.map((type) => (
          <li key={type}>
            <FileButton url={`/api/orders/${order.id}/resume.${type}`} name={`resume.${type}`} />
          </li>
        ))}
      </ul>
    );
  }
  if (order.customerUploads.length === 0) return <>{copy.none}</>;
  return (
    <ul className={styles.files}>
      {order.customerUploads.map((upload) => (
        <li key={upload.url}>
          <FileButton url={upload.url} name={upload.name} />
        </li>
      ))}
    </ul>
  );
}

/** What the admins delivered: files, and for reviews the suggestions (SPEC §2). */
export function DeliveredCell({
  order,
  onShowSuggestions,
}: {
  order: OrderView;
  onShowSuggestions: OrderActions['onShowSuggestions'];
}) {
  const review = isReviewOrder(order);
  const openDelivery = useOpenDelivery();
  if (order.attachments.length === 0 && !review) return <>{copy.none}</>;
  return (
    <ul className={styles.files}>
      {order.attachments.map((attachment) => (
        <li key={attachment.url}>
          <FileButton
            url={attachment.url}
            name={attachment.name}
            onOpen={() => openDelivery(order)}
          />
        </li>
      ))}
      {review ? (
        <li>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              openDelivery(order);
              onShowSuggestions(order.id);
            }}
            aria-label={`${copy.suggestions}: ${order.id}`}
          >
            {copy.suggestions}
          </Button>
        </li>
      ) : null}
    </ul>
  );
}

/** The Receipt link, once an invoice address exists (SPEC §2). */
export function ActionsCell({
  order,
  onShowReceipt,
}: {
  order: OrderView;
  onShowReceipt: OrderActions['onShowReceipt'];
}) {
  if (!receiptUrlOf(order)) return <>{copy.none}</>;
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => onShowReceipt(order)}
      aria-label={`${copy.receipt}: ${order.id}`}
    >
      {copy.receipt}
    </Button>
  );
}
