import type { FastifyInstance } from 'fastify';
import type { RegistrationRecovery } from './register-account';

/**
 * The read side's answer to "did this account ever become usable?" for a registration of an
 * e-mail that another account holds (register-account.ts). Usable means the users read model
 * has it: that is where login, reset links and the admin's lists find accounts. The check waits
 * until the users projection has passed the holder's registration, so a registration still on
 * its way is never mistaken for one the projection set aside; if it cannot know in time (the
 * read side is behind or down), the account counts as usable and the e-mail stays with it.
 */
export function registrationRecovery(app: FastifyInstance): RegistrationRecovery {
  return {
    vault: app.vault,
    async reachedReadModel(userId, position) {
      const caughtUp = await app.waiter.waitFor(position, {
        projections: ['users'],
        timeoutMs: app.config.projectionWaitMs,
      });
      if (!caughtUp) return true;
      const row = await app.db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
