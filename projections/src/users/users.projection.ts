import { accountEvents, assertNever } from '@shortlist/domain';
import { TableChanges } from '../engine/table-changes';
import { eventTime } from '../event-time';
import { type ProjectedEvent, typedProjection } from '../projection';
import type { NewUserRow } from './users.table';

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
    const users = new TableChanges<NewUserRow>('users', 'id');
    for (const event of events) foldOne(users, event);
    await users.flush(trx);
  },
});

/** What one event changes in `users`, folded into the batch's changes (engine/table-changes). */
function foldOne(
  users: TableChanges<NewUserRow>,
  event: ProjectedEvent<typeof accountEvents>,
): void {
  switch (event.type) {
    case 'UserRegistered': {
      const { data } = event;
      users.put({
        id: data.userId,
        email: data.email,
        name: data.name,
        password_hash: data.passwordHash,
        role: data.role,
        referral_influencer_id: data.referral?.influencerId ?? null,
        referral_code: data.referral?.referralCode ?? null,
        created_at: eventTime(event.recorded),
        erased_at: null,
      });
      return;
    }
    case 'PasswordChanged':
      users.patch(event.data.userId, { password_hash: event.data.passwordHash });
      return;
    case 'UserErased':
      users.patch(event.data.userId, {
        email: null,
        name: null,
        password_hash: null,
        erased_at: eventTime(event.recorded),
      });
      return;
    case 'PasswordResetRequested':
      // The reset token lives in the stream only; the read model has no use for it.
      return;
    default:
      assertNever(event);
  }
}
