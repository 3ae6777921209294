import { z } from 'zod';
import { multiLineText, singleLineText } from '../text';

/**
 * Form fields arrive as strings or not at all. Each body schema accepts that loosely, then checks
 * the SPEC's rules in order in one place, so a request gets one message: the first rule it
 * breaks, worded as the SPEC words it. Every field is the contract's text: one line, unless it is
 * a message or a reply (`multiline`), and never NUL or another control (contract/text.ts).
 */
export const formField = (max: number, options: { multiline?: boolean } = {}) =>
  (options.multiline === true ? multiLineText() : singleLineText())
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((value) => value ?? '');

export const isEmail = (value: string) => z.email().safeParse(value).success;
