import { type Currency, toCurrencyCode } from '@shortlist/domain';
import { api } from '@shortlist/web-kit';

/** The services ordered by uploading a resume (SPEC §2 Home and Pricing). */
export type UploadService = 'resume_rewrite' | 'resume_review';

export function isUploadService(value: string | null): value is UploadService {
  return value === 'resume_rewrite' || value === 'resume_review';
}

/** SPEC §5: what a blank note becomes. */
export const DEFAULT_DESCRIPTIONS: Readonly<Record<UploadService, string>> = {
  resume_rewrite: 'ATS rewrite requested',
  resume_review: 'Resume review requested',
};

export interface ServiceOrderRequest {
  service: UploadService;
  description: string;
  file: File;
  currency: Currency;
}

function readOrderId(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'orderId' in data) {
    const { orderId } = data;
    if (typeof orderId === 'string' && orderId !== '') return orderId;
  }
  throw new Error('The server did not return an order.');
}

/**
 * POST /api/orders/service (multipart). The text fields go before the file: the server reads
 * the parts in order and refuses a wrong service before storing anything.
 */
export function placeServiceOrder(
  request: ServiceOrderRequest,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  const form = new FormData();
  form.append('service', request.service);
  form.append('description', request.description.trim() || DEFAULT_DESCRIPTIONS[request.service]);
  form.append('currency', toCurrencyCode(request.currency));
  form.append('file', request.file, request.file.name);
  return api.upload('/orders/service', form, { ...options, parse: readOrderId });
}
