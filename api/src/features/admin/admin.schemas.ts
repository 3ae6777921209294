import { singleLineText } from '@shortlist/domain';
import { z } from 'zod';

export const messageSchema = z.object({ message: z.string() });

/** The error answers every admin route may give: no or a bad token, or not an admin. */
export const authErrors = { 401: messageSchema, 403: messageSchema } as const;

/** SPEC §9: admin lists show 50 a page; a caller may ask for fewer (the dashboard asks for 1). */
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;

// A blank query parameter (`?q=&status=`) is what a cleared search box sends: it means "none".
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** `q`: a search text (one line of the contract's text), trimmed; blank means no search. */
export const searchSchema = z.preprocess(
  blankToUndefined,
  singleLineText().trim().max(200, 'The search text is too long.').optional(),
);

export const pagingSchema = z.object({
  q: searchSchema,
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ),
});

/**
 * Ids are server-made UUIDs; anything else simply finds nothing (404), unless it is not even
 * text a query may carry (NUL, controls: 400).
 */
export const idParamsSchema = z.object({ id: singleLineText().min(1).max(100) });

/**
 * A LIKE pattern that matches `text` anywhere, with the pattern characters escaped so a search
 * for "50%" or "a_b" means those characters. The pattern is always a bound parameter.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function offsetOf(paging: { page: number; limit: number }): number {
  return (paging.page - 1) * paging.limit;
}
