import { readInfluencerSession } from '../session/session';
import { type ApiClient, type ApiClientConfig, createApiClient } from './api-client';

/** How long a prefetched answer waits for its call; after that the call asks afresh. */
export const PREFETCH_KEPT_MS = 10_000;

export interface PrefetchingApiClient extends ApiClient {
  /**
   * Starts now the GET of `path` that a screen will make once its code has loaded (the app
   * opened at that screen's address): the screen's own call, for the same address with the same
   * headers within PREFETCH_KEPT_MS, takes this answer instead of asking again. So the answer
   * travels while the screen's code, the query library and the contract load and run, which on
   * a slow phone is most of a second. Nothing happens without a session token.
   */
  prefetch: (path: string) => void;
}

/**
 * An API client whose first reads can start before their screen (the influencer dashboard's).
 * A module of its own, so the apps that do not prefetch do not carry it in their first load.
 */
export function createPrefetchingApiClient(config: ApiClientConfig): PrefetchingApiClient {
  const fromNetwork = config.fetch ?? ((input, init) => fetch(input, init));
  // Answers started ahead of their screen, each taken once by a call that sends the very same
  // request: the address and the headers (a new token or consistency position is another one).
  const prefetched = new Map<string, Promise<Response>>();
  const requestKey = (input: RequestInfo | URL, init?: RequestInit) =>
    `${String(input)} ${JSON.stringify(init?.headers)}`;
  let keeping = false;
  const client = createApiClient({
    ...config,
    fetch: (input, init) => {
      const key = requestKey(input, init);
      if (keeping) {
        const response = fromNetwork(input, init);
        response.catch(() => {}); // a failure is met by the screen's own call, which asks again
        prefetched.set(key, response);
        setTimeout(() => prefetched.delete(key), PREFETCH_KEPT_MS);
        // The prefetch reads a copy: the body of the kept answer is the screen's to read.
        return response.then((answer) => answer.clone());
      }
      const kept = init?.method === 'GET' ? prefetched.get(key) : undefined;
      prefetched.delete(key);
      return kept?.catch(() => fromNetwork(input, init)) ?? fromNetwork(input, init);
    },
  });
  return {
    ...client,
    prefetch(path) {
      if (config.getToken() === null) return;
      // The client builds the request (address, token, consistency position) and calls fetch
      // before its first await, so the flag marks exactly this call's request.
      keeping = true;
      try {
        client.get(path).catch(() => {});
      } finally {
        keeping = false;
      }
    },
  };
}

/** The influencer app's client: the influencer token, never the customer's. */
export const influencerApi = /* @__PURE__ */ createPrefetchingApiClient({
  getToken: () => readInfluencerSession()?.token ?? null,
});
