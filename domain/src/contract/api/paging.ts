import { z } from 'zod';
import { singleLineText } from '../text';

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

/** `?q&page&limit` of a searchable admin list. */
export const pagingSchema = z.object({
  q: searchSchema,
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).default(1)),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  ),
});

/** One page of a list and how many items the whole list has. */
export function pageOf<Item extends z.ZodType>(item: Item) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
