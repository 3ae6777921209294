import { z } from 'zod';

/** Every error answer of the API: SPEC §8 shows `message` when present. */
export const messageSchema = z.object({ message: z.string() });
