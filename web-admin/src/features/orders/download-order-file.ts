import { messageSchema } from '@shortlist/domain/contract';
import { ApiError, readToken } from '@shortlist/web-kit';

/**
 * Order files (the customer's upload, the delivery files) are /api routes that need the bearer
 * token, so a plain link cannot open them: the file is fetched with the token and saved from a
 * Blob. The API lets an admin read any order's files (order-access.ts).
 */
export async function downloadOrderFile(url: string, fileName: string): Promise<void> {
  const token = readToken();
  let response: Response;
  try {
    response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    const refusal = messageSchema.safeParse(body);
    throw new ApiError(response.status, refusal.success ? refusal.data.message : null);
  }
  const href = URL.createObjectURL(await response.blob());
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
