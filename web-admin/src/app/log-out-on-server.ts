import { logoutAccountRoute } from '@shortlist/domain/contract';
import { type ApiClient, callApi } from '@shortlist/web-kit';

/**
 * Tells the server to end this session. Loaded only when the admin logs out, so the account
 * contract's schemas (zod) stay out of the frame's first load.
 */
export async function logOutOnServer(client: ApiClient): Promise<void> {
  await callApi(client, logoutAccountRoute, {});
}
