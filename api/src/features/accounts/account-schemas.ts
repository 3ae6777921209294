import { singleLineText } from '@shortlist/domain';
import { z } from 'zod';
import { ROLES } from '../../auth/auth-token';
import {
  ACCOUNT_ROUTE_MESSAGES as M,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from './account-messages';

/**
 * Form fields arrive as strings or not at all. Each body schema accepts that loosely and then
 * checks the SPEC's rules in order in one place, so a request gets exactly one message, the
 * first rule it breaks, worded as the SPEC words it. Every field, passwords included, is one line
 * of the contract's text: NUL and other controls are refused before any rule (contract/text.ts).
 */
const formField = (max: number, tooLong: string) =>
  singleLineText()
    .max(max, tooLong)
    .nullish()
    .transform((value) => value ?? '');

export const messageSchema = z.object({ message: z.string() });

export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});

/** The signed-in answer of /register and /login (SPEC §7). */
export const sessionSchema = z.object({
  token: z.string(),
  user: accountUserSchema,
  message: z.string(),
});

const EMAIL_MAX = 254;
const emailField = formField(EMAIL_MAX, M.invalidEmail);
const passwordField = formField(
  MAX_PASSWORD_LENGTH,
  `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
);
const isEmail = (value: string) => z.email().safeParse(value).success;

export const registerBodySchema = z
  .object({
    name: formField(100, 'Name must be at most 100 characters.'),
    email: emailField,
    password: passwordField,
    cpassword: passwordField,
    referralCode: formField(64, 'Unknown referral code.'),
  })
  .transform((body, ctx) => {
    const name = body.name.trim();
    const email = body.email.trim().toLowerCase();
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (name === '' || email === '' || body.password === '' || body.cpassword === '') {
      return fail(M.fillAllFields);
    }
    if (body.password !== body.cpassword) return fail(M.passwordsDoNotMatch);
    if (body.password.length < MIN_PASSWORD_LENGTH) return fail(M.passwordTooShort);
    if (!isEmail(email)) return fail(M.invalidEmail);
    const referralCode = body.referralCode.trim();
    return { name, email, password: body.password, referralCode: referralCode || null };
  });

export const loginBodySchema = z
  .object({ email: emailField, password: passwordField })
  .transform((body, ctx) => {
    const email = body.email.trim().toLowerCase();
    if (email === '' || body.password === '') {
      ctx.addIssue({ code: 'custom', message: M.enterEmailAndPassword });
      return z.NEVER;
    }
    return { email, password: body.password };
  });

export const forgotBodySchema = z.object({ email: emailField }).transform((body, ctx) => {
  const email = body.email.trim().toLowerCase();
  if (email === '') {
    ctx.addIssue({ code: 'custom', message: M.enterEmail });
    return z.NEVER;
  }
  return { email };
});

export const resetBodySchema = z
  .object({ token: formField(200, M.resetLinkInvalid), password: passwordField })
  .transform((body, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (body.token.trim() === '') return fail(M.resetLinkInvalid);
    if (body.password.length < MIN_PASSWORD_LENGTH) return fail(M.passwordTooShort);
    return { token: body.token.trim(), password: body.password };
  });
