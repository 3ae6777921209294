import type { Command } from '../core/decider';
import type {
  AdminSettableStatus,
  AtsCheckRecorded,
  DeliveryAttached,
  DeliveryRemoved,
  OrderCurrencyChanged,
  OrderPaid,
  OrderPlaced,
  OrderRefunded,
  ReviewSuggestionsSaved,
} from './order.events';

/** The server's own ATS check of the uploaded file, as the order records it. */
export type AtsCheckFacts = Omit<AtsCheckRecorded['data'], 'orderId'>;

/** The order's commands (stream `order-{orderId}`) and the refusals `decide` answers them with. */

export const ORDER_MESSAGES = {
  notFound: 'Order not found.',
  deleted: 'This order was deleted.',
  notYours: 'Access denied.',
  alreadyPlaced: 'This order already exists.',
  alreadyPaid: 'This order is already paid.',
  noPaymentRequired: 'No payment required',
  paidCannotBeDeleted: 'A paid order cannot be deleted. Refunds are possible while it is pending.',
  amountMismatch: 'The payment does not match the order amount.',
  notPaid: 'This order is not paid.',
  refundOnlyWhilePending: 'Refunds are possible only while an order is pending.',
  suggestionsOnlyForReview: 'Suggestions can only be added to resume review orders.',
  suggestionsRequired: 'Please write the suggestions.',
  attachmentNotFound: 'Attachment not found.',
  refunded: 'This order was refunded.',
  atsCheckNeedsUpload: 'An ATS check belongs to an order for an uploaded resume.',
  unpaidCannotProgress:
    'This order is not paid yet. It can be set to Processing or Completed once it is paid.',
} as const;

/**
 * Placing an order states what `OrderPlaced` records, except what the decider adds from the
 * price table (plan name, amount): a field added to the event is asked of the command too.
 */
export type PlaceOrder = Command<
  'PlaceOrder',
  Omit<OrderPlaced['data'], 'planName' | 'amount'> & {
    /**
     * Placed from the ATS check page: the check the server ran on the stored upload, recorded
     * with the order in the same append (never a score the client sends).
     */
    atsCheck?: AtsCheckFacts | null;
  }
>;
export type ChangeOrderCurrency = Command<
  'ChangeOrderCurrency',
  { userId: string } & Pick<OrderCurrencyChanged['data'], 'currency'>
>;
export type DeleteOrder = Command<'DeleteOrder', { userId: string }>;
/**
 * The expiry job removes an order left unpaid too long (UNPAID_ORDER_EXPIRY_DAYS): the job picks
 * the orders by age, the decider still says whether this one may go (not if paid meanwhile).
 */
export type ExpireUnpaidOrder = Command<'ExpireUnpaidOrder', Record<string, never>>;
export type MarkOrderPaid = Command<'MarkOrderPaid', Omit<OrderPaid['data'], 'orderId'>>;
export type SetOrderStatus = Command<'SetOrderStatus', { status: AdminSettableStatus }>;
export type AttachDelivery = Command<'AttachDelivery', Omit<DeliveryAttached['data'], 'orderId'>>;
export type RemoveDelivery = Command<'RemoveDelivery', Omit<DeliveryRemoved['data'], 'orderId'>>;
export type SaveReviewSuggestions = Command<
  'SaveReviewSuggestions',
  Omit<ReviewSuggestionsSaved['data'], 'orderId'>
>;
/** The amount and currency come from the order itself; the caller names only the refund. */
export type RefundOrder = Command<'RefundOrder', Pick<OrderRefunded['data'], 'refundId'>>;
export type EraseOrderData = Command<'EraseOrderData', Record<string, never>>;
/** The owner opened the order's delivery: recorded once per delivery, never for anyone else. */
export type OpenDelivery = Command<'OpenDelivery', { userId: string }>;

export type OrderCommand =
  | PlaceOrder
  | ChangeOrderCurrency
  | DeleteOrder
  | ExpireUnpaidOrder
  | MarkOrderPaid
  | SetOrderStatus
  | AttachDelivery
  | RemoveDelivery
  | SaveReviewSuggestions
  | RefundOrder
  | EraseOrderData
  | OpenDelivery;
