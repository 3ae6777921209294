import { api, type Resource, useResource } from '@shortlist/web-kit';

function readSuggestions(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'reviewSuggestions' in data) {
    const { reviewSuggestions } = data;
    if (typeof reviewSuggestions === 'string' && reviewSuggestions.trim() !== '') {
      return reviewSuggestions;
    }
  }
  return null;
}

/** GET /api/orders/{id}/suggestions: the review's text, or null when there is none yet. */
export function getSuggestions(orderId: string, signal?: AbortSignal): Promise<string | null> {
  return api.get(`/orders/${encodeURIComponent(orderId)}/suggestions`, {
    signal,
    parse: readSuggestions,
  });
}

export function useSuggestions(orderId: string | null): Resource<string | null> {
  return useResource(orderId === null ? null : `suggestions:${orderId}`, (signal) =>
    getSuggestions(orderId ?? '', signal),
  );
}
