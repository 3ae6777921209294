import { messageSchema } from '@shortlist/domain/contract';
import { readToken } from '../session/session';
import { ApiError } from './api-error';

/**
 * Files behind /api routes (order uploads, delivery files, receipts) need the bearer token, so a
 * plain link cannot open them: they are fetched with the token and handed over as a Blob.
 */
export async function fetchTokenFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    // A refusal is the contract's `{ message }`; anything else (a proxy's page) says nothing.
    const body: unknown = await response.json().catch(() => null);
    const refusal = messageSchema.safeParse(body);
    throw new ApiError(response.status, refusal.success ? refusal.data.message : null);
  }
  return response.blob();
}

/** Saves a Blob under `fileName` through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser starts the download from the URL asynchronously: keep it alive a little.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** Fetches a token-protected file and saves it under `fileName`. */
export async function downloadTokenFile(url: string, fileName: string): Promise<void> {
  saveBlob(await fetchTokenFile(url), fileName);
}
