import { eventTime, stringField } from '../event-time';
import type { Projection } from '../projection';

/**
 * `influencers`: who they are and their referral code, from the ledger stream
 * `influencer-{id}`: InfluencerCreated {influencerId, name, email, referralCode} and
 * InfluencerRemoved {influencerId}.
 */
export const influencersProjection: Projection = {
  name: 'influencers',
  version: 1,
  tables: ['influencers'],
  handles: ['InfluencerCreated', 'InfluencerRemoved'],
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
        };
        await trx
          .insertInto('influencers')
          .values(row)
          .onConflict((oc) => oc.column('id').doUpdateSet(row))
          .execute();
      } else {
        await trx
          .updateTable('influencers')
          .set({ removed_at: eventTime(event) })
          .where('id', '=', influencerId)
          .execute();
      }
    }
  },
};
