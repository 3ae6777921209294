import { type Currency, DEFAULT_DESCRIPTIONS, toCurrencyCode } from '@shortlist/domain';
import type { UploadService } from '@shortlist/domain/contract';

export interface ServiceOrderRequest {
  service: UploadService;
  description: string;
  file: File;
  currency: Currency;
}

/**
 * The multipart form of POST /api/orders/service. The text fields go before the file: the server reads
 * the parts in order and refuses a wrong service before storing anything.
 */
export function serviceOrderForm(request: ServiceOrderRequest): FormData {
  const form = new FormData();
  form.append('service', request.service);
  form.append('description', request.description.trim() || DEFAULT_DESCRIPTIONS[request.service]);
  form.append('currency', toCurrencyCode(request.currency));
  form.append('file', request.file, request.file.name);
  return form;
}
