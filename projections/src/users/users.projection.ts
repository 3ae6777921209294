import type { RecordedEvent } from '@shortlist/eventstore';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime, stringField } from '../event-time';
import type { Projection } from '../projection';

/**
 * `users`: one row per account, for login, the admin users list and referral counts. The
 * personal columns read null after erasure because the events' personal fields do.
 */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  tables: ['users'],
  handles: ['UserRegistered', 'PasswordChanged', 'UserErased'],
  async apply(trx, events) {
    for (const event of events) await applyOne(trx, event);
  },
};

async function applyOne(trx: Transaction<Database>, event: RecordedEvent): Promise<void> {
  const { data } = event;
  const userId = stringField(data, 'userId');
  if (userId === null) return;
  switch (event.type) {
    case 'UserRegistered': {
      const referral = data.referral;
      const attribution =
        typeof referral === 'object' && referral !== null && !Array.isArray(referral)
          ? referral
          : null;
      const row = {
        id: userId,
        email: stringField(data, 'email'),
        name: stringField(data, 'name'),
        password_hash: stringField(data, 'passwordHash'),
        role: stringField(data, 'role') ?? 'user',
        referral_influencer_id: attribution && stringField(attribution, 'influencerId'),
        referral_code: attribution && stringField(attribution, 'referralCode'),
        created_at: eventTime(event),
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
        .set({ password_hash: stringField(data, 'passwordHash') })
        .where('id', '=', userId)
        .execute();
      return;
    case 'UserErased':
      await trx
        .updateTable('users')
        .set({ email: null, name: null, password_hash: null, erased_at: eventTime(event) })
        .where('id', '=', userId)
        .execute();
      return;
  }
}
