import { z } from 'zod';
import { singleLineText } from '../text';
import { ACCOUNT_ROUTE_MESSAGES as M } from './account.messages';
import { isEmail } from './form-fields';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules';
import { defineRoute, messageSchema } from './route';

/**
 * What the apps must know about how this server runs, read once when an app starts: whether it
 * is in maintenance (MAINTENANCE=true: the customer app shows only the maintenance screen) and
 * whether payments are simulated (no Razorpay keys: the local sandbox takes the payments).
 * Nothing here is secret.
 */
export const siteConfigSchema = z.object({
  maintenance: z.boolean(),
  paymentsSimulated: z.boolean(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /config: how the server runs, for the apps. */
export const getSiteConfigRoute = defineRoute({
  method: 'GET',
  path: '/config',
  audience: 'public',
  summary: 'Say whether the site is in maintenance and whether payments are simulated',
  response: siteConfigSchema,
});

export const FIRST_ADMIN_MESSAGES = {
  created: 'Admin account created. Log in with it to open the admin app.',
  invalidLink:
    'This setup link is not valid (it works once). Restart the server to print a new one.',
  adminExists: 'An admin account exists already. Log in instead.',
  emailTaken: 'That e-mail already has an account. Choose another e-mail for the admin.',
  loopbackOnly: 'The setup link works only in a browser on the machine that runs the server.',
} as const;

/** The setup token printed by `npm start`: 32 random bytes, base64url. */
export const SETUP_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const field = (max: number) =>
  singleLineText()
    .max(max)
    .nullish()
    .transform((value) => value ?? '');

/**
 * POST /setup/first-admin: with the one-time link `npm start` prints when no admin exists, the
 * person at the machine creates the first admin account. Loopback only; the link works once.
 */
export const createFirstAdminRoute = defineRoute({
  method: 'POST',
  path: '/setup/first-admin',
  audience: 'public',
  summary: 'Create the first admin account with the one-time setup link printed at start',
  status: 201,
  body: z
    .object({
      token: z.string().regex(SETUP_TOKEN_PATTERN, FIRST_ADMIN_MESSAGES.invalidLink),
      email: field(254),
      password: field(MAX_PASSWORD_LENGTH),
      cpassword: field(MAX_PASSWORD_LENGTH),
    })
    .transform((body, ctx) => {
      const email = body.email.trim().toLowerCase();
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (email === '' || body.password === '' || body.cpassword === '') {
        return fail(M.fillAllFields);
      }
      if (body.password !== body.cpassword) return fail(M.passwordsDoNotMatch);
      if (body.password.length < MIN_PASSWORD_LENGTH) return fail(M.passwordTooShort);
      if (!isEmail(email)) return fail(M.invalidEmail);
      return { token: body.token, email, password: body.password };
    }),
  response: messageSchema,
});
