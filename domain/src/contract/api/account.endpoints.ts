import { z } from 'zod';
import { campaignTag } from '../../index';
import { singleLineText } from '../text';
import { ACCOUNT_ROUTE_MESSAGES as M } from './account.messages';
import { isEmail } from './form-fields';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';
import { defineRoute, messageSchema } from './route';

/** The roles a token may carry; the customer and admin apps see the first two. */
export const ROLES = ['user', 'admin', 'influencer'] as const;
export type Role = (typeof ROLES)[number];

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

export const accountUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** The signed-in answer of /register and /login (SPEC §7). */
export const sessionSchema = z.object({
  token: z.string(),
  user: accountUserSchema,
  message: z.string(),
});
export type SessionAnswer = z.infer<typeof sessionSchema>;

const EMAIL_MAX = 254;
const emailField = formField(EMAIL_MAX, M.invalidEmail);
const passwordField = formField(
  MAX_PASSWORD_LENGTH,
  `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
);

/** POST /register: a new customer account, signed in at once (SPEC §4). */
export const registerAccountRoute = defineRoute({
  method: 'POST',
  path: '/register',
  audience: 'public',
  summary: 'Register a customer account and sign it in',
  status: 201,
  body: z
    .object({
      name: formField(100, 'Name must be at most 100 characters.'),
      email: emailField,
      password: passwordField,
      cpassword: passwordField,
      referralCode: formField(64, 'Unknown referral code.'),
      /** The campaign tag of the referral link, carried like the code (SPEC §5). */
      referralCampaign: formField(64, 'Unknown campaign.'),
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
      return {
        name,
        email,
        password: body.password,
        referralCode: referralCode || null,
        referralCampaign: campaignTag(body.referralCampaign),
      };
    }),
  // SPEC §7: token? and user?: this server always signs the new account in, and an app still
  // handles an answer without them (a message, then login).
  response: sessionSchema.partial({ token: true, user: true }),
});

/** POST /login: customers and admins alike; the token's role is the stored one. */
export const loginAccountRoute = defineRoute({
  method: 'POST',
  path: '/login',
  audience: 'public',
  summary: 'Sign a customer or an admin in',
  body: z.object({ email: emailField, password: passwordField }).transform((body, ctx) => {
    const email = body.email.trim().toLowerCase();
    if (email === '' || body.password === '') {
      ctx.addIssue({ code: 'custom', message: M.enterEmailAndPassword });
      return z.NEVER;
    }
    return { email, password: body.password };
  }),
  response: sessionSchema,
});

/** POST /auth/logout: ends the caller's session (any signed-in party). */
export const logoutAccountRoute = defineRoute({
  method: 'POST',
  path: '/auth/logout',
  audience: 'customer',
  summary: "End the caller's session",
  response: messageSchema,
});

/** POST /forgot: the same answer for every e-mail; a reset link goes to an existing account. */
export const requestPasswordResetRoute = defineRoute({
  method: 'POST',
  path: '/forgot',
  audience: 'public',
  summary: 'Send a password reset link',
  body: z.object({ email: emailField }).transform((body, ctx) => {
    const email = body.email.trim().toLowerCase();
    if (email === '') {
      ctx.addIssue({ code: 'custom', message: M.enterEmail });
      return z.NEVER;
    }
    return { email };
  }),
  // devPreviewUrl only under MAIL_PREVIEW_LINKS (development, loopback): SPEC §7.
  response: z.object({ message: z.string(), devPreviewUrl: z.string().optional() }),
});

/** POST /forgot/reset: sets the new password from a reset link's token. */
export const setNewPasswordRoute = defineRoute({
  method: 'POST',
  path: '/forgot/reset',
  audience: 'public',
  summary: 'Set a new password with a reset link',
  body: z
    .object({ token: formField(200, M.resetLinkInvalid), password: passwordField })
    .transform((body, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (body.token.trim() === '') return fail(M.resetLinkInvalid);
      if (body.password.length < MIN_PASSWORD_LENGTH) return fail(M.passwordTooShort);
      return { token: body.token.trim(), password: body.password };
    }),
  response: messageSchema,
});
