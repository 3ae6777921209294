import { type Currency, toCurrencyCode } from '@shortlist/domain';
import { api } from '@shortlist/web-kit';
import { type Order, readOrder } from '../../shared/orders/order';

export interface CurrencyChange {
  order: Order;
  message: string | null;
}

function readCurrencyChange(data: unknown): CurrencyChange {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const message = typeof record.message === 'string' && record.message ? record.message : null;
  return { order: readOrder(record.order), message };
}

/** PATCH /api/orders/{id}/currency {currency: 'inr' | 'usd'}. */
export function changeCurrency(orderId: string, currency: Currency): Promise<CurrencyChange> {
  return api.patch(
    `/orders/${encodeURIComponent(orderId)}/currency`,
    { currency: toCurrencyCode(currency) },
    { parse: readCurrencyChange },
  );
}
