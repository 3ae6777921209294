import type { JsonObject, JsonValue, RecordedEvent } from '@shortlist/eventstore';
import type { Transaction } from 'kysely';
import type { Database } from '../database';
import { eventTime, stringField } from '../event-time';
import type { Projection } from '../projection';
import { refreshLedger } from './influencer-ledger.summary';

export const INFLUENCER_LEDGER_TABLES = [
  'influencer_referred_users',
  'influencer_referrals',
  'influencer_referred_orders',
  'influencer_rewards',
  'payouts',
  'influencer_ledgers',
] as const;

/**
 * The influencer's figures (registrations, orders, balance, open payout), payouts, referrals and
 * referred orders. Fed by the ledger stream and by the accounts and orders the referrals lead
 * to. Each event writes rows keyed by an id in its data; then the influencer's summary row is
 * recomputed from those rows, so re-applying an event can never count it twice.
 */
export const influencerLedgerProjection: Projection = {
  name: 'influencer-ledger',
  version: 1,
  tables: INFLUENCER_LEDGER_TABLES,
  handles: [
    'InfluencerCreated',
    'ReferralRegistered',
    'ReferralRewardCredited',
    'ReferralRewardClawedBack',
    'PayoutRequested',
    'PayoutApproved',
    'PayoutPaid',
    'PayoutRejected',
    'UserRegistered',
    'UserErased',
    'OrderPlaced',
    'OrderPaid',
    'OrderStatusChanged',
    'OrderRefunded',
    'OrderDeleted',
    'OrderDataErased',
  ],
  async apply(trx, events) {
    for (const event of events) {
      const influencerId = await applyOne(trx, event);
      if (influencerId !== null) await refreshLedger(trx, influencerId);
    }
  },
};

/** Applies one event; returns the influencer whose figures it may have changed. */
async function applyOne(trx: Transaction<Database>, event: RecordedEvent): Promise<string | null> {
  const { data } = event;
  const at = eventTime(event);
  switch (event.type) {
    case 'UserRegistered':
      return referredUserRegistered(trx, data, at);
    case 'UserErased': {
      const userId = stringField(data, 'userId');
      if (userId === null) return null;
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
    case 'OrderPlaced':
    case 'OrderPaid':
    case 'OrderStatusChanged':
    case 'OrderRefunded':
    case 'OrderDeleted':
    case 'OrderDataErased':
      return referredOrderEvent(trx, event.type, data, at);
  }
  const influencerId = stringField(data, 'influencerId');
  if (influencerId === null) return null;
  switch (event.type) {
    case 'InfluencerCreated':
      break;
    case 'ReferralRegistered': {
      const userId = stringField(data, 'userId');
      if (userId === null) return null;
      const referred = await trx
        .selectFrom('influencer_referred_users')
        .select('user_email')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      const row = {
        user_id: userId,
        influencer_id: influencerId,
        user_email: referred?.user_email ?? null,
        registered_at: stringField(data, 'at') ?? at,
      };
      await trx
        .insertInto('influencer_referrals')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
        .execute();
      break;
    }
    case 'ReferralRewardCredited': {
      const userId = stringField(data, 'userId');
      const orderId = stringField(data, 'orderId');
      if (userId === null || orderId === null) return null;
      const row = {
        user_id: userId,
        influencer_id: influencerId,
        order_id: orderId,
        amount: numberField(data, 'amount'),
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
      break;
    }
    case 'ReferralRewardClawedBack': {
      const userId = stringField(data, 'userId');
      if (userId === null) return null;
      await trx
        .updateTable('influencer_rewards')
        .set({
          clawed_back: numberField(data, 'amount'),
          shortfall: numberField(data, 'shortfall'),
          clawed_back_at: at,
        })
        .where('user_id', '=', userId)
        .execute();
      break;
    }
    case 'PayoutRequested': {
      const payoutId = stringField(data, 'payoutId');
      if (payoutId === null) return null;
      const row = {
        id: payoutId,
        influencer_id: influencerId,
        amount: numberField(data, 'amount'),
        status: 'requested' as const,
        requested_at: at,
        processed_at: null,
        // Personal fields: null once the influencer's key is erased (crypto-shredding).
        payee_name: stringField(data, 'payeeName'),
        mobile: stringField(data, 'mobile'),
        bank_name: stringField(data, 'bankName'),
        upi_id: stringField(data, 'upiId'),
        txn_id: null,
      };
      await trx
        .insertInto('payouts')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(row))
        .execute();
      break;
    }
    case 'PayoutApproved':
    case 'PayoutPaid':
    case 'PayoutRejected': {
      const payoutId = stringField(data, 'payoutId');
      if (payoutId === null) return null;
      const status = PAYOUT_STATUS_BY_EVENT[event.type];
      await trx
        .updateTable('payouts')
        .set({
          status,
          processed_at: at,
          ...(event.type === 'PayoutPaid' ? { txn_id: stringField(data, 'txnId') } : {}),
        })
        .where('id', '=', payoutId)
        .execute();
      break;
    }
    default:
      return null;
  }
  return influencerId;
}

const PAYOUT_STATUS_BY_EVENT = {
  PayoutApproved: 'approved',
  PayoutPaid: 'paid',
  PayoutRejected: 'rejected',
} as const;

async function referredUserRegistered(
  trx: Transaction<Database>,
  data: JsonObject,
  at: string,
): Promise<string | null> {
  const userId = stringField(data, 'userId');
  const referral = objectField(data, 'referral');
  const influencerId = referral && stringField(referral, 'influencerId');
  if (userId === null || influencerId === null || influencerId === undefined) return null;
  const row = {
    user_id: userId,
    influencer_id: influencerId,
    user_email: stringField(data, 'email'),
    registered_at: at,
  };
  await trx
    .insertInto('influencer_referred_users')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return null;
}

async function referredOrderEvent(
  trx: Transaction<Database>,
  type: string,
  data: JsonObject,
  at: string,
): Promise<string | null> {
  const orderId = stringField(data, 'orderId');
  if (orderId === null) return null;
  if (type === 'OrderPlaced') {
    const userId = stringField(data, 'userId');
    if (userId === null) return null;
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
      user_email: stringField(data, 'userEmail'),
      service: stringField(data, 'service') ?? '',
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
  const order = await trx
    .selectFrom('influencer_referred_orders')
    .select('influencer_id')
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (order === undefined) return null;
  const update = trx.updateTable('influencer_referred_orders').where('order_id', '=', orderId);
  switch (type) {
    case 'OrderPaid':
      await update.set({ paid: true, paid_at: at }).execute();
      break;
    case 'OrderStatusChanged':
      await update.set({ status: stringField(data, 'to') ?? 'pending' }).execute();
      break;
    case 'OrderRefunded':
      await update.set({ status: 'refunded' }).execute();
      break;
    case 'OrderDeleted':
      await trx.deleteFrom('influencer_referred_orders').where('order_id', '=', orderId).execute();
      break;
    case 'OrderDataErased':
      await update.set({ user_email: null }).execute();
      break;
  }
  return order.influencer_id;
}

function numberField(object: JsonObject, key: string): number {
  const value = object[key];
  return typeof value === 'number' && Number.isFinite(value) ? Math.trunc(value) : 0;
}

function objectField(object: JsonObject, key: string): JsonObject | null {
  const value: JsonValue | undefined = object[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : null;
}
