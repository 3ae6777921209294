import { messageSchema } from '@shortlist/domain/contract';

/** The server's message in an error answer (SPEC §8), or null when it has none. */
export function errorMessageIn(data: unknown): string | null {
  const refusal = messageSchema.safeParse(data);
  return refusal.success && refusal.data.message.trim() !== '' ? refusal.data.message : null;
}
