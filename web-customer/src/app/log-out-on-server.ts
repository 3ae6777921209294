import { logoutAccountRoute } from '@shortlist/domain/contract';
import { type ApiClient, callApi } from '@shortlist/web-kit';

/**
 * Tells the server to end the session whose token is given. Loaded only when someone logs out,
 * so the account contract's schemas (zod) stay out of the first page's JavaScript. The token is
 * passed in because the session is cleared before this module arrives.
 */
export async function logOutOnServer(client: ApiClient, token: string): Promise<void> {
  await callApi(client, logoutAccountRoute, {}, { headers: { Authorization: `Bearer ${token}` } });
}
