import { ApiError } from '@shortlist/web-kit';
import { flowMessages } from '../../shared/flow-messages';

const copy = flowMessages.builder;

/** SPEC §8: the server's message, else which way it failed. */
export function resumeSaveFailure(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.serverMessage) return error.serverMessage;
    return error.status === 0 ? copy.noResponse : copy.serverError;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return `${copy.failedPrefix}${detail}`;
}
