import type { ResumePayload } from '@shortlist/domain';
import { ApiError, api } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/messages';

const copy = flowMessages.builder;

export interface ResumeSaved {
  message: string | null;
  orderId: string | null;
}

function readSaved(data: unknown): ResumeSaved {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { message: text(record.message), orderId: text(record.orderId) };
}

/** POST /api/resume with the checked payload (SPEC §7). */
export function submitResume(payload: ResumePayload): Promise<ResumeSaved> {
  return api.post('/resume', payload, { parse: readSaved });
}

/** SPEC §8: the server's message, else which way it failed. */
export function resumeSaveFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.status === 0 ? copy.noResponse : copy.serverError;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `${copy.failedPrefix}${detail}`;
}
