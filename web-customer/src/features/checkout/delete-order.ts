import { api } from '@shortlist/web-kit';

function readMessage(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** DELETE /api/orders/{id}; resolves with the server's message ('Order deleted.'). */
export function deleteOrder(orderId: string): Promise<string | null> {
  return api.delete(`/orders/${encodeURIComponent(orderId)}`, { parse: readMessage });
}
