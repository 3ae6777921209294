import { eventTime, stringField } from '../event-time';
import type { Projection } from '../projection';

/**
 * `influencers`: who they are, their referral code and their login's password hash, from the
 * ledger stream `influencer-{id}`: InfluencerCreated {influencerId, name, email, referralCode,
 * passwordHash}, InfluencerPasswordChanged {influencerId, passwordHash} and InfluencerRemoved
 * {influencerId}. A removed influencer keeps its row (and code) but loses its hash.
 */
export const influencersProjection: Projection = {
  name: 'influencers',
  // 2: password_hash, so influencer login reads a hash (argon2id), never a plain password.
  version: 2,
  tables: ['influencers'],
  handles: ['InfluencerCreated', 'InfluencerPasswordChanged', 'InfluencerRemoved'],
  async apply(trx, events) {
    for (const event of events) {
      const influencerId = stringField(event.data, 'influencerId');
      if (influencerId === null) continue;
      if (event.type === 'InfluencerCreated') {
        const row = {
          id: influencerId,
          name: stringField(event.data, 'name'),
          email: stringField(event.data, 'email'),
          referral_code: (stringField(event.data, 'referralCode') ?? influencerId).toUpperCase(),
          created_at: eventTime(event),
          removed_at: null,
          password_hash: stringField(event.data, 'passwordHash'),
        };
        await trx
          .insertInto('influencers')
          .values(row)
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
      } else if (event.type === 'InfluencerPasswordChanged') {
        await trx
          .updateTable('influencers')
          .set({ password_hash: stringField(event.data, 'passwordHash') })
          .where('id', '=', influencerId)
          .where('removed_at', 'is', null)
          .execute();
      } else {
        await trx
          .updateTable('influencers')
          .set({ removed_at: eventTime(event), password_hash: null })
          .where('id', '=', influencerId)
          .execute();
      }
    }
  },
};
