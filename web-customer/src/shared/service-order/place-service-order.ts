import { type Currency, toCurrencyCode } from '@shortlist/domain';

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
