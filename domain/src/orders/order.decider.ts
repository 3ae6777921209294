import { assertNever, type Decider } from '../core/decider';
import { DomainError } from '../core/domain-error';
import type { Currency } from '../pricing/currency';
import { priceOf } from '../pricing/price-table';
import type { PurchasableServiceId } from '../pricing/service-catalogue';
import { ORDER_MESSAGES, type OrderCommand } from './order.commands';
import type { OrderEvent, OrderPlaced, OrderStatus } from './order.events';
import { orderEvents } from './order.events';

/** SPEC §5: the description a blank note becomes; from-scratch orders describe themselves. */
export const DEFAULT_DESCRIPTIONS: Record<PurchasableServiceId, string> = {
  resume_from_scratch: 'ATS resume created from scratch',
  resume_rewrite: 'ATS rewrite requested',
  resume_review: 'Resume review requested',
};

/** Plan names as the home dialogs title them (SPEC §2). */
export const PLAN_NAMES: Record<PurchasableServiceId, string> = {
  resume_from_scratch: 'ATS Resume – From Scratch',
  resume_rewrite: 'ATS Resume – Rewrite',
  resume_review: 'Resume Review',
};

export type OrderState =
  | { kind: 'none' }
  | {
      kind: 'placed';
      orderId: string;
      userId: string;
      service: PurchasableServiceId;
      amount: number;
      currency: Currency;
      paymentId: string | null;
      status: OrderStatus;
      deleted: boolean;
      erased: boolean;
      attachments: string[];
      /** Something was delivered (a file, suggestions) that the customer has not opened yet. */
      unopenedDelivery: boolean;
    };

type PlacedState = Extract<OrderState, { kind: 'placed' }>;

function placed(state: OrderState): PlacedState {
  if (state.kind === 'none') throw new DomainError('not_found', ORDER_MESSAGES.notFound);
  // SPEC/issue: a deleted order takes no command.
  if (state.deleted) throw new DomainError('gone', ORDER_MESSAGES.deleted);
  return state;
}

function ownedBy(state: PlacedState, userId: string): PlacedState {
  if (state.userId !== userId) throw new DomainError('forbidden', ORDER_MESSAGES.notYours);
  return state;
}

function unpaid(state: PlacedState): PlacedState {
  if (state.paymentId !== null) throw new DomainError('conflict', ORDER_MESSAGES.alreadyPaid);
  return state;
}

function decide(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder': {
      if (state.kind !== 'none') throw new DomainError('conflict', ORDER_MESSAGES.alreadyPlaced);
      const { data } = command;
      const description = data.description.trim() || DEFAULT_DESCRIPTIONS[data.service];
      const atsCheck = data.atsCheck ?? null;
      if (atsCheck !== null && data.customerUploads.length === 0) {
        throw new DomainError('invalid', ORDER_MESSAGES.atsCheckNeedsUpload);
      }
      const placed: OrderEvent[] = [
        {
          type: 'OrderPlaced',
          data: {
            orderId: data.orderId,
            userId: data.userId,
            userEmail: data.userEmail,
            service: data.service,
            planName: PLAN_NAMES[data.service],
            description,
            // Amounts always come from the price table, never from the client (ARCHITECTURE.md).
            amount: priceOf(data.service, data.currency),
            currency: data.currency,
            resume: data.resume,
            customerUploads: data.customerUploads,
          },
        } satisfies OrderPlaced,
      ];
      if (atsCheck === null) return placed;
      return [
        ...placed,
        { type: 'AtsCheckRecorded', data: { orderId: data.orderId, ...atsCheck } },
      ];
    }
    case 'ChangeOrderCurrency': {
      const order = unpaid(ownedBy(placed(state), command.data.userId));
      if (order.amount === 0) throw new DomainError('conflict', ORDER_MESSAGES.noPaymentRequired);
      if (order.currency === command.data.currency) return [];
      return [
        {
          type: 'OrderCurrencyChanged',
          data: {
            orderId: order.orderId,
            currency: command.data.currency,
            amount: priceOf(order.service, command.data.currency),
          },
        },
      ];
    }
    case 'DeleteOrder': {
      const order = ownedBy(placed(state), command.data.userId);
      if (order.paymentId !== null) {
        throw new DomainError('conflict', ORDER_MESSAGES.paidCannotBeDeleted);
      }
      return [{ type: 'OrderDeleted', data: { orderId: order.orderId } }];
    }
    case 'ExpireUnpaidOrder': {
      // Deleted already (by its customer, or a run before): 410, as every command on it.
      const order = unpaid(placed(state));
      // A free order needs no payment: it waits for the work, not for the customer.
      if (order.amount === 0) throw new DomainError('conflict', ORDER_MESSAGES.noPaymentRequired);
      return [{ type: 'OrderDeleted', data: { orderId: order.orderId } }];
    }
    case 'MarkOrderPaid': {
      const order = placed(state);
      // Verify and webhook may both report one payment: the second report changes nothing.
      if (order.paymentId !== null) return [];
      const { data } = command;
      if (data.amount !== order.amount || data.currency !== order.currency) {
        throw new DomainError('invalid', ORDER_MESSAGES.amountMismatch);
      }
      return [
        {
          type: 'OrderPaid',
          data: {
            orderId: order.orderId,
            paymentId: data.paymentId,
            providerOrderId: data.providerOrderId,
            amount: data.amount,
            currency: data.currency,
          },
        },
      ];
    }
    case 'SetOrderStatus': {
      const order = placed(state);
      if (order.status === 'refunded') throw new DomainError('conflict', ORDER_MESSAGES.refunded);
      if (order.status === command.data.status) return [];
      // Work starts once the order is paid (SPEC §4: the admin's list holds paid orders only).
      // An unpaid order marked completed would be delivered unpaid while its checkout still
      // asks for the money; one marked processing could be deleted by its customer while it
      // is worked on. Back to pending is always possible.
      if (command.data.status !== 'pending' && order.paymentId === null && order.amount > 0) {
        throw new DomainError('conflict', ORDER_MESSAGES.unpaidCannotProgress);
      }
      return [
        {
          type: 'OrderStatusChanged',
          data: { orderId: order.orderId, from: order.status, to: command.data.status },
        },
      ];
    }
    case 'AttachDelivery': {
      const order = placed(state);
      return [
        {
          type: 'DeliveryAttached',
          data: {
            orderId: order.orderId,
            file: command.data.file,
            filename: command.data.filename,
          },
        },
      ];
    }
    case 'RemoveDelivery': {
      const order = placed(state);
      if (!order.attachments.includes(command.data.filename)) {
        throw new DomainError('not_found', ORDER_MESSAGES.attachmentNotFound);
      }
      return [
        {
          type: 'DeliveryRemoved',
          data: { orderId: order.orderId, filename: command.data.filename },
        },
      ];
    }
    case 'SaveReviewSuggestions': {
      const order = placed(state);
      if (order.service !== 'resume_review') {
        throw new DomainError('invalid', ORDER_MESSAGES.suggestionsOnlyForReview);
      }
      const text = command.data.text.trim();
      if (text === '') throw new DomainError('invalid', ORDER_MESSAGES.suggestionsRequired);
      return [{ type: 'ReviewSuggestionsSaved', data: { orderId: order.orderId, text } }];
    }
    case 'RefundOrder': {
      const order = placed(state);
      if (order.status === 'refunded') return [];
      if (order.paymentId === null) throw new DomainError('conflict', ORDER_MESSAGES.notPaid);
      // SPEC §1: refunds only while an order is pending.
      if (order.status !== 'pending') {
        throw new DomainError('conflict', ORDER_MESSAGES.refundOnlyWhilePending);
      }
      return [
        {
          type: 'OrderRefunded',
          data: {
            orderId: order.orderId,
            refundId: command.data.refundId,
            amount: order.amount,
            currency: order.currency,
          },
        },
      ];
    }
    case 'EraseOrderData': {
      const order = placed(state);
      if (order.erased) return [];
      return [{ type: 'OrderDataErased', data: { orderId: order.orderId } }];
    }
    case 'OpenDelivery': {
      const order = ownedBy(placed(state), command.data.userId);
      // Opening it again, or before anything was delivered, records nothing.
      if (!order.unopenedDelivery) return [];
      return [{ type: 'DeliveryOpened', data: { orderId: order.orderId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') {
    const { data } = event;
    return {
      kind: 'placed',
      orderId: data.orderId,
      userId: data.userId,
      service: data.service,
      amount: data.amount,
      currency: data.currency,
      paymentId: null,
      status: 'pending',
      deleted: false,
      erased: false,
      attachments: [],
      unopenedDelivery: false,
    };
  }
  if (state.kind === 'none') return state;
  switch (event.type) {
    case 'OrderCurrencyChanged':
      return { ...state, currency: event.data.currency, amount: event.data.amount };
    case 'OrderDeleted':
      return { ...state, deleted: true };
    case 'OrderPaid':
      return { ...state, paymentId: event.data.paymentId };
    case 'OrderStatusChanged':
      return { ...state, status: event.data.to };
    case 'DeliveryAttached':
      return {
        ...state,
        attachments: [...state.attachments, event.data.filename],
        unopenedDelivery: true,
      };
    case 'DeliveryRemoved':
      return {
        ...state,
        attachments: state.attachments.filter((name) => name !== event.data.filename),
      };
    case 'ReviewSuggestionsSaved':
      return { ...state, unopenedDelivery: true };
    case 'DeliveryOpened':
      return { ...state, unopenedDelivery: false };
    case 'AtsCheckRecorded':
      return state;
    case 'OrderRefunded':
      return { ...state, status: 'refunded' };
    case 'OrderDataErased':
      return { ...state, erased: true, attachments: [] };
    default:
      return assertNever(event);
  }
}

export const orderDecider: Decider<OrderState, OrderCommand, OrderEvent> = {
  decide,
  evolve,
  catalogue: orderEvents,
  initialState: () => ({ kind: 'none' }),
};

/**
 * The refusals `decide` starts from (missing, deleted, someone else's, already paid), for rules
 * that judge an order outside a command: a checkout charges only an order these let through.
 */
export const orderGuards = { placed, ownedBy, unpaid };
