import { api } from '@shortlist/web-kit';

function readMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** POST /api/forgot/reset {token, password}; resolves with the server's message. */
export function postReset(token: string, password: string): Promise<string | null> {
  return api.post('/forgot/reset', { token, password }, { parse: readMessage });
}
