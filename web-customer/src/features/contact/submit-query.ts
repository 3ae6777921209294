import { api } from '@shortlist/web-kit';

/** SPEC §3 customer query form, as the API takes it. */
export interface ContactQuery {
  pid: string;
  contactemail: string;
  contactmessage: string;
}

/** POST /api/queries; resolves with the server's message, if it sent one. */
export async function submitQuery(query: ContactQuery): Promise<string | null> {
  return api.post('/queries', query, { parse: messageOf });
}

function messageOf(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}
