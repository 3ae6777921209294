import { assertNever, influencerLedgerEvents } from '@shortlist/domain';
import { loadRows, TableChanges } from '../engine/table-changes';
import { eventTime } from '../event-time';
import { typedProjection } from '../projection';
import type { NewInfluencerRow } from './influencers.table';

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
    // A password change applies only while the influencer is not removed: read those rows first.
    const stored = await loadRows<'influencers', { removed_at: Date | null }>(
      trx,
      'influencers',
      'id',
      ['removed_at'],
      events
        .filter((event) => event.type === 'InfluencerPasswordChanged')
        .map((event) => event.data.influencerId),
    );
    const influencers = new TableChanges<NewInfluencerRow>('influencers', 'id');
    for (const event of events) {
      switch (event.type) {
        case 'InfluencerCreated': {
          const { data } = event;
          influencers.put({
            id: data.influencerId,
            name: data.name,
            email: data.email,
            referral_code: data.referralCode.toUpperCase(),
            created_at: eventTime(event.recorded),
            removed_at: null,
            password_hash: data.passwordHash,
          });
          break;
        }
        case 'InfluencerPasswordChanged': {
          const { influencerId } = event.data;
          const current = influencers.current(influencerId, stored.get(influencerId));
          if (current !== undefined && current.removed_at === null) {
            influencers.patch(influencerId, { password_hash: event.data.passwordHash });
          }
          break;
        }
        case 'InfluencerRemoved':
          influencers.patch(event.data.influencerId, {
            removed_at: eventTime(event.recorded),
            password_hash: null,
          });
          break;
        case 'ReferralRegistered':
        case 'ReferralFlagged':
        case 'ReferralRewardCredited':
        case 'ReferralRewardClawedBack':
        case 'CommissionPending':
        case 'CommissionEarned':
        case 'CommissionCancelled':
        case 'CommissionClawedBack':
        case 'PayoutRequested':
        case 'PayoutApproved':
        case 'PayoutPaid':
        case 'PayoutRejected':
          break;
        default:
          assertNever(event);
      }
    }
    await influencers.flush(trx);
  },
});
