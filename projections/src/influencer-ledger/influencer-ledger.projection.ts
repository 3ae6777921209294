import {
  accountEvents,
  assertNever,
  influencerLedgerEvents,
  type OrderStatus,
  orderEvents,
} from '@shortlist/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime } from '../event-time';
import { type ProjectedEvent, typedProjection } from '../projection';
import { refreshLedger } from './influencer-ledger.summary';

export const INFLUENCER_LEDGER_TABLES = [
  'influencer_referred_users',
  'influencer_referrals',
  'influencer_referred_orders',
  'influencer_rewards',
  'payouts',
  'influencer_ledgers',
] as const;

const READS = [influencerLedgerEvents, accountEvents, orderEvents] as const;
type LedgerInput = ProjectedEvent<(typeof READS)[number]>;

/**
 * The influencer's figures (registrations, orders, balance, open payout), payouts, referrals and
 * referred orders. Fed by the ledger stream and by the accounts and orders the referrals lead
 * to. Each event writes rows keyed by an id in its data; then the influencer's summary row is
 * recomputed from those rows, so re-applying an event can never count it twice.
 */
export const influencerLedgerProjection = typedProjection({
  name: 'influencer-ledger',
  version: 1,
  tables: INFLUENCER_LEDGER_TABLES,
  reads: READS,
  async apply(trx, events) {
    for (const event of events) {
      const influencerId = await applyOne(trx, event);
      if (influencerId !== null) await refreshLedger(trx, influencerId);
    }
  },
});

/** Applies one event; returns the influencer whose figures it may have changed. */
async function applyOne(trx: Transaction<Database>, event: LedgerInput): Promise<string | null> {
  const at = eventTime(event.recorded);
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, referral, email } = event.data;
      if (referral === null) return null;
      const row = {
        user_id: userId,
        influencer_id: referral.influencerId,
        user_email: email,
        registered_at: at,
      };
      await trx
        .insertInto('influencer_referred_users')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      return null;
    }
    case 'UserErased': {
      const { userId } = event.data;
      for (const table of ['influencer_referred_users', 'influencer_referrals'] as const) {
        await trx
          .updateTable(table)
          .set({ user_email: null })
          .where('user_id', '=', userId)
          .execute();
      }
      await trx
        .updateTable('influencer_referred_orders')
        .set({ user_email: null })
        .where('user_id', '=', userId)
        .execute();
      return null;
    }
    case 'PasswordResetRequested':
    case 'PasswordChanged':
      return null;
    case 'OrderPlaced': {
      const { orderId, userId, userEmail, service } = event.data;
      const referred = await trx
        .selectFrom('influencer_referred_users')
        .select('influencer_id')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      // Most orders are not referred ones; those leave no row here.
      if (referred === undefined) return null;
      const row = {
        order_id: orderId,
        influencer_id: referred.influencer_id,
        user_id: userId,
        user_email: userEmail,
        service,
        status: 'pending',
        paid: false,
        created_at: at,
        paid_at: null,
      };
      await trx
        .insertInto('influencer_referred_orders')
        .values(row)
        .onConflict((oc) => oc.column('order_id').doUpdateSet(row))
        .execute();
      return referred.influencer_id;
    }
    case 'OrderPaid':
      return updateReferredOrder(trx, event.data.orderId, { paid: true, paid_at: at });
    case 'OrderStatusChanged':
      return updateReferredOrder(trx, event.data.orderId, { status: event.data.to });
    case 'OrderRefunded':
      return updateReferredOrder(trx, event.data.orderId, { status: 'refunded' });
    case 'OrderDataErased':
      return updateReferredOrder(trx, event.data.orderId, { user_email: null });
    case 'OrderDeleted': {
      const influencerId = await referrerOfOrder(trx, event.data.orderId);
      if (influencerId === null) return null;
      await trx
        .deleteFrom('influencer_referred_orders')
        .where('order_id', '=', event.data.orderId)
        .execute();
      return influencerId;
    }
    case 'OrderCurrencyChanged':
    case 'DeliveryAttached':
    case 'DeliveryRemoved':
    case 'ReviewSuggestionsSaved':
      return null;
    case 'InfluencerCreated':
      // Creates the summary row (all zeros) so a new influencer has figures to show.
      return event.data.influencerId;
    case 'InfluencerPasswordChanged':
    case 'InfluencerRemoved':
      return null;
    case 'ReferralRegistered': {
      const { influencerId, userId } = event.data;
      const referred = await trx
        .selectFrom('influencer_referred_users')
        .select('user_email')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const row = {
        user_id: userId,
        influencer_id: influencerId,
        user_email: referred?.user_email ?? null,
        registered_at: event.data.at,
      };
      await trx
        .insertInto('influencer_referrals')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      return influencerId;
    }
    case 'ReferralRewardCredited': {
      const { influencerId, userId, orderId, amount } = event.data;
      const row = {
        user_id: userId,
        influencer_id: influencerId,
        order_id: orderId,
        amount: wholeRupees(amount),
        clawed_back: 0,
        shortfall: 0,
        credited_at: at,
        clawed_back_at: null,
      };
      await trx
        .insertInto('influencer_rewards')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      return influencerId;
    }
    case 'ReferralRewardClawedBack': {
      const { influencerId, userId, amount, shortfall } = event.data;
      await trx
        .updateTable('influencer_rewards')
        .set({
          clawed_back: wholeRupees(amount),
          shortfall: wholeRupees(shortfall),
          clawed_back_at: at,
        })
        .where('user_id', '=', userId)
        .execute();
      return influencerId;
    }
    case 'PayoutRequested': {
      const { data } = event;
      const row = {
        id: data.payoutId,
        influencer_id: data.influencerId,
        amount: wholeRupees(data.amount),
        status: 'requested' as const,
        requested_at: at,
        processed_at: null,
        // Personal fields: null once the influencer's key is erased (crypto-shredding).
        payee_name: data.payeeName,
        mobile: data.mobile,
        bank_name: data.bankName,
        upi_id: data.upiId,
        txn_id: null,
      };
      await trx
        .insertInto('payouts')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      return data.influencerId;
    }
    case 'PayoutApproved':
      await updatePayout(trx, event.data.payoutId, { status: 'approved', processed_at: at });
      return event.data.influencerId;
    case 'PayoutPaid':
      await updatePayout(trx, event.data.payoutId, {
        status: 'paid',
        processed_at: at,
        txn_id: event.data.txnId,
      });
      return event.data.influencerId;
    case 'PayoutRejected':
      await updatePayout(trx, event.data.payoutId, { status: 'rejected', processed_at: at });
      return event.data.influencerId;
    default:
      return assertNever(event);
  }
}

async function referrerOfOrder(
  trx: Transaction<Database>,
  orderId: string,
): Promise<string | null> {
  const order = await trx
    .selectFrom('influencer_referred_orders')
    .select('influencer_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return order?.influencer_id ?? null;
}

/** Updates a referred order's row; most orders are not referred ones and have none. */
async function updateReferredOrder(
  trx: Transaction<Database>,
  orderId: string,
  changes: { paid?: true; paid_at?: string; status?: OrderStatus; user_email?: null },
): Promise<string | null> {
  const influencerId = await referrerOfOrder(trx, orderId);
  if (influencerId === null) return null;
  await trx
    .updateTable('influencer_referred_orders')
    .set(changes)
    .where('order_id', '=', orderId)
    .execute();
  return influencerId;
}

async function updatePayout(
  trx: Transaction<Database>,
  payoutId: string,
  changes: {
    status: 'approved' | 'paid' | 'rejected';
    processed_at: string;
    txn_id?: string | null;
  },
): Promise<void> {
  await trx.updateTable('payouts').set(changes).where('id', '=', payoutId).execute();
}

/** The ledger's columns are integers; amounts are whole rupees. */
const wholeRupees = (amount: number): number => Math.trunc(amount);
