import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticatedContext } from '../../auth/auth-context';
import { ROLES } from '../../auth/auth-token';
import { type AccountRateLimits, DEFAULT_ACCOUNT_RATE_LIMITS } from '../../shared/rate-limits';
import { ensureAdminAccount } from './admin-account';
import { firstAdminRoute } from './first-admin.route';
import { forgotPasswordRoute } from './forgot-password.route';
import { loginRoute } from './login.route';
import { logoutRoute } from './logout.route';
import { registerRoute } from './register.route';
import { resetPasswordRoute } from './reset-password.route';

export interface AccountRoutesOptions {
  /** Defaults: DEFAULT_ACCOUNT_RATE_LIMITS. */
  rateLimits?: Partial<AccountRateLimits>;
}

/**
 * The account slice under /api: register, login, logout, forgot and reset. At start it also
 * creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when no account has that e-mail.
 * Register after the mail plugin (forgot queues mail).
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const limits = { ...DEFAULT_ACCOUNT_RATE_LIMITS, ...options.rateLimits };
  await app.register(registerRoute, { limit: limits.register });
  await app.register(loginRoute, { limit: limits.login, perIp: limits.loginPerIp });
  await app.register(forgotPasswordRoute, { limit: limits.forgot, perIp: limits.forgotPerIp });
  await app.register(resetPasswordRoute, { limit: limits.reset });
  await app.register(firstAdminRoute);
  // Any signed-in party may end its session, influencers included.
  await app.register(authenticatedContext(ROLES, logoutRoute));

  const admin = app.config.admin;
  if (admin !== null) {
    const result = await ensureAdminAccount({
      store: app.store,
      email: admin.email,
      password: admin.password,
      actor: 'system:first-admin',
    });
    if (result.outcome === 'created') {
      await app.waitForProjections(result.position, ['users']);
      app.log.info({ userId: result.userId }, 'First admin account created from ADMIN_EMAIL');
    } else if (result.role !== 'admin') {
      app.log.warn(
        { userId: result.userId },
        'ADMIN_EMAIL belongs to an existing account that is not an admin; it was left unchanged',
      );
    }
  }
};
