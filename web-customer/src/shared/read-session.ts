import type { SessionUser } from '@shortlist/web-kit';

/** The answer of /login and /register (SPEC §3): token and user when signed in, and a message. */
export interface SessionAnswer {
  token: string | null;
  user: SessionUser | null;
  message: string | null;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** Reads the answer leniently: a missing part is null, never a crash. */
export function readSessionAnswer(data: unknown): SessionAnswer {
  const record = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const rawUser =
    typeof record.user === 'object' && record.user !== null
      ? (record.user as Record<string, unknown>)
      : null;
  const user: SessionUser | null = rawUser
    ? {
        id: text(rawUser.id),
        email: text(rawUser.email),
        name: text(rawUser.name),
        role: text(rawUser.role) || 'user',
      }
    : null;
  return {
    token: text(record.token) || null,
    user,
    message: text(record.message) || null,
  };
}
