import { accountEvents, assertNever } from '@shortlist/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime } from '../event-time';
import { type ProjectedEvent, typedProjection } from '../projection';

/**
 * `users`: one row per account, for login, the admin users list and referral counts. The
 * personal columns read null after erasure because the events' personal fields do.
 */
export const usersProjection = typedProjection({
  name: 'users',
  version: 1,
  tables: ['users'],
  reads: [accountEvents],
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event);
  },
});

async function applyOne(
  trx: Transaction<Database>,
  event: ProjectedEvent<typeof accountEvents>,
): Promise<void> {
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      const row = {
        id: data.userId,
        email: data.email,
        name: data.name,
        password_hash: data.passwordHash,
        role: data.role,
        referral_influencer_id: data.referral?.influencerId ?? null,
        referral_code: data.referral?.referralCode ?? null,
        created_at: eventTime(event.recorded),
        erased_at: null,
      };
      await trx
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      return;
    }
    case 'PasswordChanged':
      await trx
        .updateTable('users')
        .set({ password_hash: event.data.passwordHash })
        .where('id', '=', event.data.userId)
        .execute();
      return;
    case 'UserErased':
      await trx
        .updateTable('users')
        .set({
          email: null,
          name: null,
          password_hash: null,
          erased_at: eventTime(event.recorded),
        })
        .where('id', '=', event.data.userId)
        .execute();
      return;
    case 'PasswordResetRequested':
      // The reset token lives in the stream only; the read model has no use for it.
      return;
    default:
      assertNever(event);
  }
}
