import { z } from 'zod';
import { singleLineText } from '../text';

/** Ids are server-made UUIDs; anything else finds nothing (404), unless it is not text (400). */
export const idParamsSchema = z.object({ id: singleLineText().min(1).max(100) });
