import { api } from '@shortlist/web-kit';

export interface ForgotAnswer {
  message: string | null;
  /** A link to the mail as the local outbox keeps it; only where no real mail server is set. */
  devPreviewUrl: string | null;
}

function readForgotAnswer(data: unknown): ForgotAnswer {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (value: unknown) =>
    typeof value === 'string' && value.trim() !== '' ? value : null;
  return { message: text(record.message), devPreviewUrl: text(record.devPreviewUrl) };
}

/** POST /api/forgot {email}. */
export function postForgot(email: string): Promise<ForgotAnswer> {
  return api.post('/forgot', { email }, { parse: readForgotAnswer });
}
