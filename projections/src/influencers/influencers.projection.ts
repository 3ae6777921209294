import { assertNever, influencerLedgerEvents } from '@shortlist/domain';
import { eventTime } from '../event-time';
import { typedProjection } from '../projection';

/**
 * `influencers`: who they are, their referral code and their login's password hash, from the
 * ledger stream `influencer-{id}`. A removed influencer keeps its row (and code) but loses its
 * hash. The ledger's money events are the influencer-ledger projection's business.
 */
export const influencersProjection = typedProjection({
  name: 'influencers',
  // 2: password_hash, so influencer login reads a hash (argon2id), never a plain password.
  version: 2,
  tables: ['influencers'],
  reads: [influencerLedgerEvents],
  async apply(trx, events) {
    for (const event of events) {
      switch (event.type) {
        case 'InfluencerCreated': {
          const { data } = event;
          const row = {
            id: data.influencerId,
            name: data.name,
            email: data.email,
            referral_code: data.referralCode.toUpperCase(),
            created_at: eventTime(event.recorded),
            removed_at: null,
            password_hash: data.passwordHash,
          };
          await trx
            .insertInto('influencers')
            .values(row)
            .onConflict((oc) => oc.column('id').doUpdateSet(row))
            .execute();
          break;
        }
        case 'InfluencerPasswordChanged':
          await trx
            .updateTable('influencers')
            .set({ password_hash: event.data.passwordHash })
            .where('id', '=', event.data.influencerId)
            .where('removed_at', 'is', null)
            .execute();
          break;
        case 'InfluencerRemoved':
          await trx
            .updateTable('influencers')
            .set({ removed_at: eventTime(event.recorded), password_hash: null })
            .where('id', '=', event.data.influencerId)
            .execute();
          break;
        case 'ReferralRegistered':
        case 'ReferralRewardCredited':
        case 'ReferralRewardClawedBack':
        case 'PayoutRequested':
        case 'PayoutApproved':
        case 'PayoutPaid':
        case 'PayoutRejected':
          break;
        default:
          assertNever(event);
      }
    }
  },
});
